// The scenarios written with OpenCombine 0.14.0, using its own idiomatic API.
import OpenCombine

final class PeerPipeline: PipelineFixture {
  let subject = PassthroughSubject<Int, Never>()
  let field = Field()
  private var token: AnyCancellable?

  init() {
    let field = self.field
    token = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { field.value = $0 }
  }

  func send(_ value: Int) { subject.send(value) }
}

final class PeerPropertyBinding: PropertyBindingFixture {
  final class Label {
    var text = 0
  }

  let holder = CurrentValueSubject<Int, Never>(0)
  let label = Label()
  private var token: AnyCancellable?

  init() {
    token = holder.assign(to: \.text, on: label)
  }

  func set(_ value: Int) { holder.value = value }
  var boundValue: Int { label.text }
}

final class PeerSubscribeCancel: SubscribeCancelFixture {
  let subject = PassthroughSubject<Int, Never>()
  let field = Field()
  let body: (Int) -> Void

  init() {
    let field = self.field
    body = { _ in field.count += 1 }
  }

  func subscribeAndCancel() {
    subject.sink(receiveValue: body).cancel()
  }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }
}

final class PeerLiveSubscriptions: LiveSubscriptionsFixture {
  let subject = PassthroughSubject<Int, Never>()
  var tokens: [AnyCancellable] = []
  let field = Field()
  let body: (Int) -> Void

  init(capacity: Int) {
    tokens.reserveCapacity(capacity)
    let field = self.field
    body = { _ in field.count += 1 }
  }

  func subscribe(count: Int) {
    for _ in 0..<count { tokens.append(subject.sink(receiveValue: body)) }
  }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }

  func removeAll() { tokens.removeAll() }
}

final class PeerFanOut: FanOutFixture {
  let subject = PassthroughSubject<Int, Never>()
  let field = Field()
  private var tokens: [AnyCancellable] = []

  init(subscribers: Int) {
    let field = self.field
    for _ in 0..<subscribers { tokens.append(subject.sink { field.value &+= $0 }) }
  }

  func send(_ value: Int) { subject.send(value) }
}

final class PeerCancelMany: CancelManyFixture {
  let subject = PassthroughSubject<Int, Never>()
  var tokens: [AnyCancellable] = []
  let field = Field()

  init(subscriptions: Int) {
    let field = self.field
    tokens.reserveCapacity(subscriptions)
    for _ in 0..<subscriptions { tokens.append(subject.sink { _ in field.count += 1 }) }
  }

  func cancel(at index: Int) { tokens[index].cancel() }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }
}

/// OpenCombine has no owner-scoped bindings; the idiom is a set of tokens on the owner and sinks
/// that capture it weakly.
final class PeerOwnerTeardown: OwnerTeardownFixture {
  final class Owner {
    var cancellables = Set<AnyCancellable>()
    var value = 0
  }

  let source = PassthroughSubject<Int, Never>()
  var owner: Owner?

  init(bindings: Int) {
    let owner = Owner()
    owner.cancellables.reserveCapacity(bindings)
    for _ in 0..<bindings {
      source.sink { [weak owner] in owner?.value = $0 }.store(in: &owner.cancellables)
    }
    self.owner = owner
  }

  func dropOwner() { owner = nil }

  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int) {
    let source = PassthroughSubject<Int, Never>()
    let counts = Field()
    let observed = source.handleEvents(receiveCancel: { counts.count += 1 })
    var owner: Owner? = Owner()
    if let owner {
      for _ in 0..<bindings {
        observed.sink { [weak owner] in
          counts.value += 1
          owner?.value = $0
        }
        .store(in: &owner.cancellables)
      }
    }
    owner = nil
    source.send(1)
    return (cancels: counts.count, deliveriesAfterTeardown: counts.value)
  }
}

/// S7b: as S7, each binding to a source of its own.
final class PeerOwnerTeardownManySources: OwnerTeardownFixture {
  let sources: [PassthroughSubject<Int, Never>]
  var owner: PeerOwnerTeardown.Owner?

  init(bindings: Int) {
    let owner = PeerOwnerTeardown.Owner()
    owner.cancellables.reserveCapacity(bindings)
    sources = (0..<bindings).map { _ in PassthroughSubject<Int, Never>() }
    for source in sources {
      source.sink { [weak owner] in owner?.value = $0 }.store(in: &owner.cancellables)
    }
    self.owner = owner
  }

  func dropOwner() { owner = nil }

  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int) {
    let sources = (0..<bindings).map { _ in PassthroughSubject<Int, Never>() }
    let counts = Field()
    var owner: PeerOwnerTeardown.Owner? = PeerOwnerTeardown.Owner()
    if let owner {
      for source in sources {
        source.handleEvents(receiveCancel: { counts.count += 1 })
          .sink { [weak owner] in
            counts.value += 1
            owner?.value = $0
          }
          .store(in: &owner.cancellables)
      }
    }
    owner = nil
    for source in sources { source.send(1) }
    return (cancels: counts.count, deliveriesAfterTeardown: counts.value)
  }
}

/// OpenCombine has no two-way binding; the usual hand-written equivalent is a pair of sinks, each
/// writing into the other subject, with removeDuplicates breaking the echo.
final class PeerTwoWay: TwoWayFixture {
  let leftSubject = CurrentValueSubject<Int, Never>(0)
  let rightSubject = CurrentValueSubject<Int, Never>(0)
  private var tokens: [AnyCancellable] = []

  init() {
    let left = leftSubject
    let right = rightSubject
    tokens.append(left.removeDuplicates().sink { right.value = $0 })
    tokens.append(right.removeDuplicates().sink { left.value = $0 })
  }

  func setLeft(_ value: Int) { leftSubject.value = value }
  func setRight(_ value: Int) { rightSubject.value = value }
  var left: Int { leftSubject.value }
  var right: Int { rightSubject.value }
}
