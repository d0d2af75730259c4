/// Binds two endpoints both ways.
///
/// ```swift
/// let field = MutableProperty("")
/// let name = MutableProperty("Ada")
/// field <~> name
/// print(field.value)   // prints "Ada": the initial value flows right to left, as with <~
/// field.value = "Grace"
/// print(name.value)    // prints "Grace"
/// name.value = "Alan"
/// print(field.value)   // prints "Alan"
/// ```
///
/// 1. On binding, the left side takes the right side's current value; the left side's own
///    current value is not sent to the right.
/// 2. Later changes of either side are written into the other, and never echoed back to the side
///    they came from, so there is no feedback loop and no unbounded recursion.
/// 3. The last change wins: a change that arrives while the binding is writing the other one
///    (from a subscriber that reacts to it, or from another thread) is applied after that write,
///    so both sides settle on the value changed last.
/// 4. The binding is kept by both owners and ends when either is deallocated, or when either
///    side's changes complete.
/// 5. The left side is the binding's target, as with `<~`: a new `<~` or `<~>` into the left side
///    replaces this binding. The right side is its source and can take part in any number of
///    bindings: `slider <~> volume` and `field <~> volume`, or `volume <~ service`, coexist.
///
/// Values are written on the thread that changed the other side, directly: a scheduler given to an
/// endpoint's target (`delivered(on:)`) is not used by two-way bindings. Two-way bindings are meant for
/// state changed on one thread at a time (usually the main thread); changes made at the same
/// instant on two threads are applied safely, in some order.
///
/// - Returns: A token that ends the binding when cancelled; keeping it is not necessary.
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value == Right.Value {
  TwoWayBindingLink.bind(left.bindingEndpoint, right.bindingEndpoint)
}

/// The decisions of a two-way binding, as a plain value; ``TwoWayBindingLink`` performs them.
struct TwoWayBindingStateMachine<Value> {
  enum Side: Equatable {
    case left, right

    var other: Side { self == .left ? .right : .left }
  }

  enum Action {
    case none
    case write(Value, into: Side)
  }

  /// While the left side is being subscribed, what it sends is its own current value, which must
  /// not overwrite the right side.
  private(set) var isConnectingLeft = true
  /// The side being written into, if a write is in progress.
  private(set) var writing: Side?
  /// Whether the side being written into has not yet reported the write back.
  private var expectsEcho = false
  /// The latest change that arrived during a write; applied once the write ends.
  private var pending: (value: Value, side: Side)?
  private(set) var isCancelled = false

  mutating func receive(_ value: Value, from side: Side) -> Action {
    if isCancelled || (side == .left && isConnectingLeft) { return .none }
    if let writing {
      if writing == side && expectsEcho {
        // The side reporting the value we just wrote into it.
        expectsEcho = false
        return .none
      }
      // A real change during the write: keep only the latest, so the last change wins.
      pending = (value, side)
      return .none
    }
    return startWrite(value, into: side.other)
  }

  mutating func finishConnectingLeft() {
    isConnectingLeft = false
  }

  mutating func finishWrite() -> Action {
    writing = nil
    expectsEcho = false
    guard !isCancelled, let change = pending else { return .none }
    pending = nil
    return startWrite(change.value, into: change.side.other)
  }

  /// Returns `true` the first time only.
  mutating func cancel() -> Bool {
    guard !isCancelled else { return false }
    isCancelled = true
    pending = nil
    return true
  }

  private mutating func startWrite(_ value: Value, into side: Side) -> Action {
    writing = side
    expectsEcho = true
    return .write(value, into: side)
  }
}

/// The two subscriptions of a two-way binding and the state that keeps them from echoing.
final class TwoWayBindingLink<LeftOwner: BindingOwner, RightOwner: BindingOwner, Value>: Cancellable,
  @unchecked Sendable
{
  typealias Side = TwoWayBindingStateMachine<Value>.Side

  private let lock = Lock()
  private var machine = TwoWayBindingStateMachine<Value>()
  private var observations: [AnyCancellable] = []
  private var registrations: [BindingBagRegistration] = []
  private var left: BindingTarget<LeftOwner, Value>?
  private var right: BindingTarget<RightOwner, Value>?

  private init(left: BindingTarget<LeftOwner, Value>, right: BindingTarget<RightOwner, Value>) {
    self.left = left
    self.right = right
  }

  static func bind(
    _ leftEndpoint: BindingEndpoint<LeftOwner, Value>,
    _ rightEndpoint: BindingEndpoint<RightOwner, Value>
  ) -> AnyCancellable {
    let leftTarget = leftEndpoint.bindingTarget
    let rightTarget = rightEndpoint.bindingTarget
    guard let leftOwner = leftTarget.owner, let rightOwner = rightTarget.owner else { return .cancelledBinding }
    let link = TwoWayBindingLink(left: leftTarget, right: rightTarget)
    let token = AnyCancellable(link)
    let record = BindingRecord(target: "\(leftTarget.targetDescription) <~> \(rightTarget.targetDescription)")
    // The left side is the target of the binding, like the left of `<~`: one source at a time, so a
    // new binding into it replaces this one. The right side is the source; other bindings into or
    // from it (another `<~>`, a `<~` feeding it) must not end this one.
    for (bag, identity) in [(leftOwner.bindings, leftTarget.identity), (rightOwner.bindings, nil)] {
      let id = bag.makeID()
      link.lock.withLock { link.registrations.append(BindingBagRegistration(bag: bag, id: id)) }
      bag.insert(token, id: id, identity: identity, record: record)
    }
    link.keep(
      leftEndpoint.observe({ [weak link] in link?.receive($0, from: .left) }, { [weak link] in link?.cancel() }))
    link.lock.withLock { link.machine.finishConnectingLeft() }
    link.keep(
      rightEndpoint.observe({ [weak link] in link?.receive($0, from: .right) }, { [weak link] in link?.cancel() }))
    withExtendedLifetime((leftOwner, rightOwner)) {}
    return token
  }

  private func keep(_ observation: AnyCancellable) {
    lock.lock()
    guard !machine.isCancelled else {
      lock.unlock()
      observation.cancel()
      return
    }
    observations.append(observation)
    lock.unlock()
  }

  private func receive(_ value: Value, from side: Side) {
    var action = lock.withLock { machine.receive(value, from: side) }
    while case .write(let value, let side) = action {
      write(value, into: side)
      action = lock.withLock { machine.finishWrite() }
    }
  }

  private func write(_ value: Value, into side: Side) {
    lock.lock()
    let left = self.left
    let right = self.right
    lock.unlock()
    switch side {
    case .left:
      guard let left, let owner = left.owner else { return cancel() }
      left.write(owner, value)
    case .right:
      guard let right, let owner = right.owner else { return cancel() }
      right.write(owner, value)
    }
  }

  func cancel() {
    lock.lock()
    guard machine.cancel() else {
      lock.unlock()
      return
    }
    let observations = self.observations
    let registrations = self.registrations
    let released = (left, right)
    self.observations = []
    self.registrations = []
    left = nil
    right = nil
    lock.unlock()
    for observation in observations { observation.cancel() }
    for registration in registrations { registration.remove() }
    _ = released
  }
}
