// The scenarios written with Bindings, the way an app would write them.
import Bindings

final class OursPipeline: PipelineFixture {
  let subject = PassthroughSubject<Int, Never>()
  let field = Field()
  private var token: AnyCancellable?

  init() {
    let field = self.field
    token = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { field.value = $0 }
  }

  func send(_ value: Int) { subject.send(value) }
}

final class OursPropertyBinding: PropertyBindingFixture {
  final class Label: BindingOwner {
    let bindings = BindingBag()
    var text = 0
  }

  let holder = MutableProperty(0)
  let label = Label()

  init() {
    label.reactive.text <~ holder
  }

  func set(_ value: Int) { holder.value = value }
  var boundValue: Int { label.text }
}

final class OursSubscribeCancel: SubscribeCancelFixture {
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

final class OursLiveSubscriptions: LiveSubscriptionsFixture {
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

final class OursFanOut: FanOutFixture {
  let subject = PassthroughSubject<Int, Never>()
  let field = Field()
  private var tokens: [AnyCancellable] = []

  init(subscribers: Int) {
    let field = self.field
    for _ in 0..<subscribers { tokens.append(subject.sink { field.value &+= $0 }) }
  }

  func send(_ value: Int) { subject.send(value) }
}

final class OursCancelMany: CancelManyFixture {
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

final class OursOwnerTeardown: OwnerTeardownFixture {
  final class Owner: BindingOwner {
    let bindings = BindingBag()
    var value = 0
  }

  let source = PassthroughSubject<Int, Never>()
  var owner: Owner?

  init(bindings: Int) {
    let owner = Owner()
    for _ in 0..<bindings { source.bind(to: owner) { owner, value in owner.value = value } }
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
        observed.bind(to: owner) { owner, value in
          counts.value += 1
          owner.value = value
        }
      }
    }
    owner = nil
    source.send(1)
    return (cancels: counts.count, deliveriesAfterTeardown: counts.value)
  }
}

/// S7b: as S7, each binding to a source of its own.
final class OursOwnerTeardownManySources: OwnerTeardownFixture {
  let sources: [PassthroughSubject<Int, Never>]
  var owner: OursOwnerTeardown.Owner?

  init(bindings: Int) {
    let owner = OursOwnerTeardown.Owner()
    sources = (0..<bindings).map { _ in PassthroughSubject<Int, Never>() }
    for source in sources { source.bind(to: owner) { owner, value in owner.value = value } }
    self.owner = owner
  }

  func dropOwner() { owner = nil }

  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int) {
    let sources = (0..<bindings).map { _ in PassthroughSubject<Int, Never>() }
    let counts = Field()
    var owner: OursOwnerTeardown.Owner? = OursOwnerTeardown.Owner()
    if let owner {
      for source in sources {
        source.handleEvents(receiveCancel: { counts.count += 1 }).bind(to: owner) { owner, value in
          counts.value += 1
          owner.value = value
        }
      }
    }
    owner = nil
    for source in sources { source.send(1) }
    return (cancels: counts.count, deliveriesAfterTeardown: counts.value)
  }
}

final class OursCombineLatest: CombineLatestFixture {
  let left = PassthroughSubject<Int, Never>()
  let right = PassthroughSubject<Int, Never>()
  let field = Field()
  private var token: AnyCancellable?

  init() {
    let field = self.field
    token = left.combineLatest(right).sink { field.value = $0.0 &+ $0.1 }
  }

  func sendLeft(_ value: Int) { left.send(value) }
  func sendRight(_ value: Int) { right.send(value) }
}

final class OursTwoWay: TwoWayFixture {
  let leftProperty = MutableProperty(0)
  let rightProperty = MutableProperty(0)
  private var token: AnyCancellable?

  init() {
    token = leftProperty <~> rightProperty
  }

  func setLeft(_ value: Int) { leftProperty.value = value }
  func setRight(_ value: Int) { rightProperty.value = value }
  var left: Int { leftProperty.value }
  var right: Int { rightProperty.value }
}
