/// The two subscriptions of a two-way binding and the state that keeps them from echoing.
///
/// A write into a side whose target has a delivery (a main-actor owner's target, `delivered(on:)`)
/// is performed through that delivery: on the main thread for a main-actor owner, at once when the
/// change arrives there.
///
/// The path a value takes (``receive(_:from:)``, ``perform(_:)``, ``write(_:into:)``) is inlinable,
/// and so is ``bind(_:_:initialValueFrom:)``, which makes the closures the two sides call: so that
/// path is specialised in the client for the owners' and the value's types. Run generic, it looked
/// up type metadata about fifty times per round trip.
@usableFromInline
final class TwoWayBindingLink<LeftOwner: BindingOwner, RightOwner: BindingOwner, Value>: Cancellable,
  @unchecked Sendable
{
  @usableFromInline typealias Machine = TwoWayBindingStateMachine<Value>
  @usableFromInline typealias Side = TwoWayBindingSide

  /// Everything the link holds, reachable only under its lock.
  @usableFromInline
  struct State {
    @usableFromInline var machine: Machine
    var observations: [AnyCancellable] = []
    var registrations: [BindingBagRegistration] = []
    @usableFromInline var left: BindingTarget<LeftOwner, Value>?
    @usableFromInline var right: BindingTarget<RightOwner, Value>?
    /// What the owners' bags call this binding, kept for the loop report.
    var name: BindingTargetName?

    /// What the binding held when it ended, to cancel and release after the lock.
    struct Released {
      var observations: [AnyCancellable]
      var registrations: [BindingBagRegistration]
      var targets: (BindingTarget<LeftOwner, Value>?, BindingTarget<RightOwner, Value>?)
    }

    init(machine: Machine, left: BindingTarget<LeftOwner, Value>, right: BindingTarget<RightOwner, Value>) {
      self.machine = machine
      self.left = left
      self.right = right
    }

    /// Keeps `observation`; `false` when the binding has ended, and the caller cancels it.
    mutating func keep(_ observation: AnyCancellable) -> Bool {
      guard !machine.isCancelled else { return false }
      observations.append(observation)
      return true
    }

    /// The delivery of the target of `side`, if it has one.
    @inlinable
    func delivery(of side: Side) -> BindingDelivery? {
      side == .left ? left?.delivery : right?.delivery
    }

    @usableFromInline
    enum WriteAction {
      case skip
      /// The owner of the side to write is gone: end the binding.
      case cancel
      /// The target's write and its owner (not the whole target: copying it copies a weak
      /// reference, a string and several closures).
      case writeLeft((LeftOwner, Value) -> Void, LeftOwner)
      case writeRight((RightOwner, Value) -> Void, RightOwner)
    }

    /// The write of `value` into `side`, to perform now.
    @inlinable
    mutating func beginWrite(into side: Side) -> WriteAction {
      guard machine.beginWrite() else { return .skip }
      switch side {
      case .left:
        guard let owner = left?.owner, let write = left?.write else { return .cancel }
        return .writeLeft(write, owner)
      case .right:
        guard let owner = right?.owner, let write = right?.write else { return .cancel }
        return .writeRight(write, owner)
      }
    }

    /// Ends the binding; `nil` when it had already ended.
    mutating func cancel() -> Released? {
      guard machine.cancel() else { return nil }
      let released = Released(observations: observations, registrations: registrations, targets: (left, right))
      observations = []
      registrations = []
      left = nil
      right = nil
      return released
    }
  }

  @usableFromInline let state: Locked<State>
  private let liveObject = LiveObjectToken("TwoWayBindingLink")

  private init(left: BindingTarget<LeftOwner, Value>, right: BindingTarget<RightOwner, Value>, connecting: Side) {
    state = Locked(State(machine: Machine(connecting: connecting), left: left, right: right))
  }

  @inlinable
  static func bind(
    _ leftEndpoint: BindingEndpoint<LeftOwner, Value>,
    _ rightEndpoint: BindingEndpoint<RightOwner, Value>,
    initialValueFrom seed: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    guard
      let (link, token, owners) = prepare(
        leftEndpoint.bindingTarget, rightEndpoint.bindingTarget, seed: seed ?? .right,
        reportsEmptyOverwrite: reportsEmptyOverwrite && seed != nil)
    else { return .cancelledBinding }
    let observeLeft = {
      link.keep(
        leftEndpoint.observe({ [weak link] in link?.receive($0, from: .left) }, { [weak link] in link?.cancel() }))
    }
    let observeRight = {
      link.keep(
        rightEndpoint.observe({ [weak link] in link?.receive($0, from: .right) }, { [weak link] in link?.cancel() }))
    }
    guard let seed else {
      // No seed: both sides are subscribed while connecting, their replayed values ignored.
      observeLeft()
      link.state.withLock { $0.machine.connect(.right) }
      observeRight()
      link.finishConnecting()
      withExtendedLifetime(owners) {}
      return token
    }
    // The side that does not seed is subscribed first, its replayed value ignored; the seeding
    // side's replayed value is then written into it.
    (seed == .right ? observeLeft : observeRight)()
    link.finishConnecting()
    (seed == .right ? observeRight : observeLeft)()
    link.finishSeeding(from: seed)
    withExtendedLifetime(owners) {}
    return token
  }

  /// Everything `bind` does before subscribing: refuses a side bound to itself, makes the link and
  /// its token, and registers the token in the owners' bags. `nil` when the binding is not made.
  @usableFromInline
  static func prepare(
    _ leftTarget: BindingTarget<LeftOwner, Value>,
    _ rightTarget: BindingTarget<RightOwner, Value>,
    seed: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool
  ) -> (link: TwoWayBindingLink, token: AnyCancellable, owners: (LeftOwner, RightOwner))? {
    guard let leftOwner = leftTarget.owner, let rightOwner = rightTarget.owner else { return nil }
    let leftBag = leftTarget.valueBag ?? leftOwner.bindings
    let rightBag = rightTarget.valueBag ?? rightOwner.bindings
    if leftBag === rightBag, leftTarget.identity != nil, leftTarget.identity == rightTarget.identity {
      reportBindingMisuse("\(leftTarget.targetDescription) <~> itself does nothing; the binding was not made")
      return nil
    }
    let link = TwoWayBindingLink(left: leftTarget, right: rightTarget, connecting: seed.other)
    let token = AnyCancellable(idempotent: link)
    let name = BindingTargetName(
      .twoWay(left: leftTarget.name, leftTarget.identity, right: rightTarget.name, rightTarget.identity))
    link.state.withLock {
      $0.name = name
      #if DEBUG
      $0.machine.recordsSeed = reportsEmptyOverwrite
      #endif
    }
    // The left side is the target of the binding, like the left of `<~`: one source at a time, so a
    // new binding into it replaces this one. The right side is the source; other bindings into or
    // from it (another `<~>`, a `<~` feeding it) must not end this one. A second link between the
    // same two sides, in either order, replaces this one: two links between one pair would each
    // take the other's deferred echo for a change, and their values would double at every turn.
    // The link is kept in the right side's bag under the pair's identity; a link kept under it in
    // the left side's bag is the same pair bound the other way round. Links are registered one at
    // a time, so that two threads binding one pair at once leave exactly one of their links: the
    // later one, in both bags. What the registration ends is cancelled after the lock.
    let pair = TwoWayPair(leftBag, leftTarget.identity, rightBag, rightTarget.identity).map { BindingIdentity($0) }
    let ends = TwoWayPair.registration.withLock { registrations -> [() -> Void] in
      registrations &+= 1
      var ends = pair.map { [leftBag.removeBinding(identity: $0)] } ?? []
      for (bag, identity) in [(leftBag, leftTarget.identity), (rightBag, pair)] {
        let id = bag.makeID()
        link.state.withLock { $0.registrations.append(BindingBagRegistration(bag: bag, id: id)) }
        ends.append(bag.insertDeferringCancel(token, id: id, identity: identity, name: name, location: nil))
      }
      return ends
    }
    for end in ends { end() }
    return (link, token, (leftOwner, rightOwner))
  }

  @usableFromInline
  func finishConnecting() {
    state.withLock { $0.machine.finishConnecting() }
  }

  /// Ends the connection. In a debug build, when connecting replaced a side's non-empty value with
  /// an empty one (see ``isEmptyBindingValue(_:)``), says so: with `<~>` starting from its right
  /// side, a model written first (`model.$name <~> field.text`, as Bond and BIND order them) loses
  /// its value to an empty field.
  @usableFromInline
  func finishSeeding(from seed: Side) {
    let (values, name) = state.withLock { ($0.machine.finishSeeding(), $0.name) }
    guard let overwritten = values.overwritten, let seedValue = values.seed,
      !isEmptyBindingValue(overwritten), isEmptyBindingValue(seedValue)
    else { return }
    let description = name?.text(identity: nil) ?? "<~>"
    let (written, kept) = seed == .right ? ("left", "right") : ("right", "left")
    let keepIt =
      seed == .right
      ? "to start from the left side's value, write `left.bindTwoWay(with: right, initialValueFrom: .left)` "
        + "or swap the sides"
      : "to start from the right side's value, write `left <~> right`"
    reportBindingMisuse(
      "\(description): connecting replaced the \(written) side's value \(String(reflecting: overwritten)) with "
        + "the \(kept) side's empty value \(String(reflecting: seedValue)), since the binding starts from its \(kept) "
        + "side; \(keepIt). If that is meant, pass `reportsEmptyOverwrite: false` to `bindTwoWay`.")
  }

  @usableFromInline
  func keep(_ observation: AnyCancellable) {
    if !state.withLock({ $0.keep(observation) }) { observation.cancel() }
  }

  @inlinable
  func receive(_ value: Value, from side: Side) {
    perform(state.withLock { $0.machine.receive(value, from: side) })
  }

  /// Performs `action` and the writes it leads to. A write into a side with a delivery is handed to
  /// it, and the rest continues from there.
  @inlinable
  func perform(_ action: Machine.Action) {
    var action = action
    while case .write(let value, let side) = action {
      if let delivery = state.withLock({ $0.delivery(of: side) }) {
        delivery { [weak self] in
          guard let self else { return }
          self.perform(self.write(value, into: side))
        }
        return
      }
      action = write(value, into: side)
    }
    if case .cancelForLoop = action { endLoop() }
  }

  /// Ends a binding whose sides keep changing each other, and says so.
  @usableFromInline
  func endLoop() {
    let description = state.withLock { $0.name }?.text(identity: nil) ?? "<~>"
    reportBindingMisuse(
      "\(description): each write was answered by another change, \(Machine.loopLimit) times in a row; "
        + "another binding probably writes one side from the other. The two-way binding was ended.")
    cancel()
  }

  /// Writes `value` into `side`, unless the write is skipped, and returns what follows it.
  @inlinable
  func write(_ value: Value, into side: Side) -> Machine.Action {
    switch state.withLock({ $0.beginWrite(into: side) }) {
    case .skip: break
    case .cancel:
      cancel()
      return .none
    case .writeLeft(let write, let owner): write(owner, value)
    case .writeRight(let write, let owner): write(owner, value)
    }
    return state.withLock { $0.machine.finishWrite() }
  }

  @usableFromInline
  func cancel() {
    guard let released = state.withLock({ $0.cancel() }) else { return }
    for observation in released.observations { observation.cancel() }
    for registration in released.registrations { registration.remove() }
  }
}

extension TwoWayBindingLink: IdempotentCancellable {}

/// The two sides of a two-way link, in no order: the identity under which a link is kept in both
/// sides' bags, so that a second link between the same sides, in either order, replaces the first.
struct TwoWayPair: BindingIdentityValue {
  private let sides: Set<Side>

  var description: String { "a two-way binding's pair of sides" }

  /// Held while a link is registered in its sides' bags (never while anything is cancelled). Its
  /// state counts the registrations: an empty state would share its address with the lock word, and
  /// ThreadSanitizer would take the lock's own atomics for a race with the state's access.
  static let registration = Locked(0)

  private struct Side: Hashable {
    let bag: ObjectIdentifier
    let identity: BindingIdentity
  }

  /// `nil` when a side has no identity: such a side cannot be recognised again.
  init?(
    _ leftBag: BindingBag, _ leftIdentity: BindingIdentity?, _ rightBag: BindingBag, _ rightIdentity: BindingIdentity?
  ) {
    guard let leftIdentity, let rightIdentity else { return nil }
    sides = [
      Side(bag: ObjectIdentifier(leftBag), identity: leftIdentity),
      Side(bag: ObjectIdentifier(rightBag), identity: rightIdentity),
    ]
  }
}

/// Whether `value` is empty: `nil`, an empty collection (a string, an array, a set, a dictionary), or
/// an optional holding one. What a two-way binding checks before reporting an empty seed.
func isEmptyBindingValue(_ value: Any) -> Bool {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional {
    guard let wrapped = mirror.children.first else { return true }
    return isEmptyBindingValue(wrapped.value)
  }
  if let collection = value as? any Collection { return collection.isEmpty }
  return false
}
