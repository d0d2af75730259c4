// The floor: the same work as direct closure calls, with no library. A subject is an array of
// closures, with no lock, no demand and no cancellation token object. No library can beat this.

/// A minimal subject: closures in slots; removal frees a slot for reuse (O(1)). Not generic, and each
/// closure sits in a struct field rather than directly in the array (an array element of function
/// type would be stored at maximal abstraction, behind a reabstraction thunk that allocates): the
/// floor does only the unavoidable work.
final class FloorSubject {
  typealias Value = Int
  private struct Observer {
    let call: (Value) -> Void
  }

  private var observers: [Observer?] = []
  private var freeSlots: [Int] = []

  init(reservingCapacity capacity: Int = 0) {
    observers.reserveCapacity(capacity)
  }

  func send(_ value: Value) {
    for case let observer? in observers { observer.call(value) }
  }

  func add(_ observer: @escaping (Value) -> Void) -> Int {
    if let slot = freeSlots.popLast() {
      observers[slot] = Observer(call: observer)
      return slot
    }
    observers.append(Observer(call: observer))
    return observers.count - 1
  }

  func remove(_ slot: Int) {
    observers[slot] = nil
    freeSlots.append(slot)
  }

  var count: Int { observers.count - freeSlots.count }
}

final class FloorPipeline: PipelineFixture {
  let subject = FloorSubject()
  let field = Field()

  init() {
    let field = self.field
    let sink: (Int) -> Void = { field.value = $0 }
    let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
    let map: (Int) -> Void = { filter($0 + 1) }
    _ = subject.add(map)
  }

  func send(_ value: Int) { subject.send(value) }
}

final class FloorPropertyBinding: PropertyBindingFixture {
  final class Holder {
    let observers = FloorSubject()
    var value = 0 {
      didSet { observers.send(value) }
    }
  }
  final class Label {
    var text = 0
  }

  let holder = Holder()
  let label = Label()

  init() {
    _ = holder.observers.add { [weak label] in label?.text = $0 }
  }

  func set(_ value: Int) { holder.value = value }
  var boundValue: Int { label.text }
}

final class FloorSubscribeCancel: SubscribeCancelFixture {
  let subject = FloorSubject()
  let field = Field()
  let body: (Int) -> Void

  init() {
    let field = self.field
    body = { _ in field.count += 1 }
  }

  func subscribeAndCancel() {
    let slot = subject.add(body)
    subject.remove(slot)
  }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }
}

final class FloorLiveSubscriptions: LiveSubscriptionsFixture {
  let subject: FloorSubject
  var tokens: [Int] = []
  let field = Field()
  let body: (Int) -> Void

  init(capacity: Int) {
    subject = FloorSubject(reservingCapacity: 0)
    tokens.reserveCapacity(capacity)
    let field = self.field
    body = { _ in field.count += 1 }
  }

  func subscribe(count: Int) {
    for _ in 0..<count { tokens.append(subject.add(body)) }
  }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }

  func removeAll() {
    for slot in tokens { subject.remove(slot) }
    tokens.removeAll()
  }
}

final class FloorFanOut: FanOutFixture {
  let subject = FloorSubject()
  let field = Field()

  init(subscribers: Int) {
    let field = self.field
    for _ in 0..<subscribers { _ = subject.add { field.value &+= $0 } }
  }

  func send(_ value: Int) { subject.send(value) }
}

final class FloorCancelMany: CancelManyFixture {
  let subject = FloorSubject()
  var tokens: [Int] = []
  let field = Field()

  init(subscriptions: Int) {
    let field = self.field
    tokens.reserveCapacity(subscriptions)
    for _ in 0..<subscriptions { tokens.append(subject.add { _ in field.count += 1 }) }
  }

  func cancel(at index: Int) { subject.remove(tokens[index]) }

  func deliveriesToOneSend() -> Int {
    field.count = 0
    subject.send(1)
    return field.count
  }
}

final class FloorOwnerTeardown: OwnerTeardownFixture {
  final class Owner {
    let source: FloorSubject
    var slots: [Int] = []
    var value = 0
    init(source: FloorSubject) { self.source = source }
    deinit { for slot in slots { source.remove(slot) } }
  }

  let source = FloorSubject()
  var owner: Owner?

  init(bindings: Int) {
    let owner = Owner(source: source)
    owner.slots.reserveCapacity(bindings)
    for _ in 0..<bindings { owner.slots.append(source.add { [weak owner] in owner?.value = $0 }) }
    self.owner = owner
  }

  func dropOwner() { owner = nil }

  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int) {
    let source = FloorSubject()
    let deliveries = Field()
    var owner: Owner? = Owner(source: source)
    if let owner {
      for _ in 0..<bindings {
        owner.slots.append(
          source.add { [weak owner] value in
            deliveries.count += 1
            owner?.value = value
          })
      }
    }
    owner = nil
    source.send(1)
    // The floor has no cancellation to observe: a removed slot is its "cancel".
    return (cancels: bindings - source.count, deliveriesAfterTeardown: deliveries.count)
  }
}

/// S7b: as S7, each binding to a source of its own.
final class FloorOwnerTeardownManySources: OwnerTeardownFixture {
  final class Owner {
    var slots: [(source: FloorSubject, slot: Int)] = []
    var value = 0
    deinit { for (source, slot) in slots { source.remove(slot) } }
  }

  let sources: [FloorSubject]
  var owner: Owner?

  init(bindings: Int) {
    let owner = Owner()
    owner.slots.reserveCapacity(bindings)
    sources = (0..<bindings).map { _ in FloorSubject() }
    for source in sources { owner.slots.append((source, source.add { [weak owner] in owner?.value = $0 })) }
    self.owner = owner
  }

  func dropOwner() { owner = nil }

  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int) {
    let sources = (0..<bindings).map { _ in FloorSubject() }
    let deliveries = Field()
    var owner: Owner? = Owner()
    if let owner {
      for source in sources {
        owner.slots.append(
          (
            source,
            source.add { [weak owner] value in
              deliveries.count += 1
              owner?.value = value
            }
          ))
      }
    }
    owner = nil
    for source in sources { source.send(1) }
    // The floor has no cancellation to observe: a removed slot is its "cancel".
    return (cancels: sources.filter { $0.count == 0 }.count, deliveriesAfterTeardown: deliveries.count)
  }
}

final class FloorCombineLatest: CombineLatestFixture {
  let left = FloorSubject()
  let right = FloorSubject()
  let field = Field()
  private var latestLeft: Int?
  private var latestRight: Int?

  init() {
    let field = self.field
    let sink: (Int, Int) -> Void = { field.value = $0 &+ $1 }
    _ = left.add { [unowned self] value in
      latestLeft = value
      if let other = latestRight { sink(value, other) }
    }
    _ = right.add { [unowned self] value in
      latestRight = value
      if let other = latestLeft { sink(other, value) }
    }
  }

  func sendLeft(_ value: Int) { left.send(value) }
  func sendRight(_ value: Int) { right.send(value) }
}

final class FloorTwoWay: TwoWayFixture {
  final class Holder {
    let observers = FloorSubject()
    var value = 0 {
      didSet { observers.send(value) }
    }
  }

  let leftHolder = Holder()
  let rightHolder = Holder()
  private var isWriting = false

  init() {
    _ = leftHolder.observers.add { [unowned self] value in
      guard !isWriting else { return }
      isWriting = true
      rightHolder.value = value
      isWriting = false
    }
    _ = rightHolder.observers.add { [unowned self] value in
      guard !isWriting else { return }
      isWriting = true
      leftHolder.value = value
      isWriting = false
    }
  }

  func setLeft(_ value: Int) { leftHolder.value = value }
  func setRight(_ value: Int) { rightHolder.value = value }
  var left: Int { leftHolder.value }
  var right: Int { rightHolder.value }
}
