/// Binds two endpoints both ways; the left side starts from the right side's value.
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
///    current value is not sent to the right. To start from the left side's value instead, use
///    `bindTwoWay(with:initialValueFrom:)` with `.left`.
/// 2. Later changes of either side are written into the other, and never echoed back to the side
///    they came from, so there is no feedback loop and no unbounded recursion.
/// 3. The last change wins: a change that arrives while the binding is writing the other one
///    (from a subscriber that reacts to it, or from another thread) is applied after that write,
///    so both sides settle on the value changed last.
/// 4. The binding is kept by both owners and ends when either is deallocated, or when either
///    side's changes complete.
/// 5. The left side is the binding's target, as with `<~`: a new `<~` or `<~>` into the left side
///    replaces this binding, and this binding replaces a `<~` into it. The right side is its source
///    and can take part in any number of bindings: `slider <~> volume` and `field <~> volume`, or
///    `volume <~ service`, coexist.
/// 6. An endpoint whose changes do not replay a current value (a control's user edits, a
///    ``PassthroughSubject``) has no initial value: as the right side it seeds nothing, and the left
///    side keeps its own value until one side changes.
/// 7. Binding an endpoint to itself (`a <~> a`) does nothing and returns a cancelled token.
/// 8. If something outside the binding answers each write at once, on the writing thread, by
///    changing a side again (for example a target whose setter changes the other side), the two
///    would change each other forever; the binding detects the loop, ends itself, and reports it on
///    standard error. Changes made by other threads are never taken for such answers: two threads
///    that keep changing the two sides do not end the binding, and once they stop, both sides hold
///    the same value. (A cycle through subjects, such as `b <~ a.map(f)` next to `a <~> b`, is cut by
///    the subjects themselves, which report it, see ``PassthroughSubject``.)
///
/// A side whose target delivers on the main thread (an endpoint of a ``MainActorBindingOwner``, or
/// one made with `BindingTarget(onMainActor:)`) is written on the main thread, at once when the
/// change arrives there; a side whose target was given a scheduler (`delivered(on:)`) is written on
/// it. Any other side is written on the thread that changed the other side. A change of a side made
/// while a write into it waits for its thread wins over that write. Changes made at the same instant
/// on two threads are applied safely, in some order; both sides settle on one of them.
///
/// - Returns: A token that ends the binding when cancelled; keeping it is not necessary.
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value == Right.Value {
  TwoWayBindingLink.bind(left.bindingEndpoint, right.bindingEndpoint, initialValueFrom: .right)
}

/// Binds an optional endpoint and a non-optional one both ways: `nil` written from the optional
/// side is ignored.
///
/// ```swift
/// let text = MutableProperty<String?>(nil)
/// let name = MutableProperty("Ada")
/// text <~> name
/// print(text.value ?? "nil")   // prints "Ada"
/// text.value = nil
/// print(name.value)            // prints "Ada"
/// ```
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value == Right.Value? {
  let lifted: BindingEndpoint<Right.Owner, Left.Value> = right.converted({ .some($0) }, back: { $0 })
  return TwoWayBindingLink.bind(left.bindingEndpoint, lifted, initialValueFrom: .right)
}

/// Binds a non-optional endpoint and an optional one both ways: `nil` written from the optional
/// side is ignored.
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value? == Right.Value {
  let unwrapped: BindingEndpoint<Right.Owner, Left.Value> = right.converted({ $0 }, back: { .some($0) })
  return TwoWayBindingLink.bind(left.bindingEndpoint, unwrapped, initialValueFrom: .right)
}

/// Two endpoints of unrelated types cannot be bound both ways.
@available(
  *,
  unavailable,
  message:
    "the two sides of <~> hold different types: convert one side with .converted(_:back:), e.g. amount <~> text.converted({ Double($0) }, back: { String($0) })"
)
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable {
  fatalError("unavailable")
}

/// The side of a two-way binding whose current value both sides start from.
///
/// ```swift
/// draft.bindTwoWay(with: saved, initialValueFrom: .left)   // both start from draft's value
/// ```
public enum TwoWayBindingSide: Sendable, Hashable {
  /// The endpoint the method is called on (the left of `<~>`).
  case left
  /// The other endpoint (the right of `<~>`).
  case right
}

extension BindingEndpointConvertible {
  /// Binds this endpoint and `other` both ways, starting from the current value of the side you
  /// choose.
  ///
  /// `a <~> b` starts from `b`'s value; this starts from `a`'s when asked. A model written first, as
  /// Bond's `bidirectionalBind(to:)` and BIND's `<>` order the sides, keeps its value with `.left`:
  ///
  /// ```swift
  /// let username = MutableProperty("ada")   // the model
  /// let text = MutableProperty("")          // the field
  /// username.bindTwoWay(with: text, initialValueFrom: .left)
  /// print(text.value)   // prints "ada"
  /// ```
  ///
  /// Everything else is as for `<~>`: this endpoint is the binding's target (a new binding into it
  /// replaces this one); `other` can take part in any number of bindings. In a debug build, a
  /// binding whose start replaces a non-empty value with an empty one (`nil`, an empty string or
  /// collection) reports it on standard error; pass `reportsEmptyOverwrite: false` when that is
  /// meant:
  ///
  /// ```swift
  /// let draft = MutableProperty("typed so far")
  /// let cleared = MutableProperty("")
  /// draft.bindTwoWay(with: cleared, initialValueFrom: .right, reportsEmptyOverwrite: false)
  /// print(draft.value.isEmpty)   // prints "true", and nothing is reported
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Value {
    TwoWayBindingLink.bind(
      bindingEndpoint, other.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional endpoint and a non-optional `other` both ways, starting from the side you
  /// choose; `nil` written from this side is ignored, as with `<~>`.
  ///
  /// ```swift
  /// let text = MutableProperty<String?>("typed")
  /// let name = MutableProperty("")
  /// text.bindTwoWay(with: name, initialValueFrom: .left)
  /// print(name.value)   // prints "typed"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Other.Value? {
    let lifted: BindingEndpoint<Other.Owner, Value> = other.converted({ .some($0) }, back: { $0 })
    return TwoWayBindingLink.bind(
      bindingEndpoint, lifted, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this non-optional endpoint and an optional `other` both ways, starting from the side you
  /// choose; `nil` written from `other` is ignored, as with `<~>`.
  ///
  /// ```swift
  /// let username = MutableProperty("ada")
  /// let text = MutableProperty<String?>(nil)
  /// username.bindTwoWay(with: text, initialValueFrom: .left)
  /// print(text.value ?? "nil")   // prints "ada"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value? == Other.Value {
    let unwrapped: BindingEndpoint<Other.Owner, Value> = other.converted({ $0 }, back: { .some($0) })
    return TwoWayBindingLink.bind(
      bindingEndpoint, unwrapped, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

/// The decisions of a two-way binding, as a plain value; ``TwoWayBindingLink`` performs them.
///
/// A write is decided when a change arrives (``receive(_:from:)``), and performed later, possibly on
/// another thread (the written side's delivery): the performer calls ``beginWrite()`` just before
/// writing and ``finishWrite()`` just after. Between the decision and the write, a change of the
/// side about to be written is newer than the value on its way, so that write is skipped and the
/// change wins.
@usableFromInline
struct TwoWayBindingStateMachine<Value> {
  @usableFromInline typealias Side = TwoWayBindingSide

  @usableFromInline
  enum Action {
    case none
    case write(Value, into: Side)
    /// The sides keep changing each other: end the binding and say so.
    case cancelForLoop
  }

  /// The side being subscribed while the other is not yet: what it sends then is its own current
  /// value, which must not overwrite the side the binding starts from.
  @usableFromInline private(set) var connecting: Side?
  /// The side a decided write goes into, until the write has finished.
  @usableFromInline private(set) var writing: Side?
  /// Whether the side being written into has not yet reported the write back; set only while the
  /// write is being performed, since only then can a report be its echo.
  @usableFromInline var expectsEcho = false
  /// The thread performing the write, while it is performed (see ``beginWrite(thread:)``).
  @usableFromInline var writerThread: UInt = 0
  /// The latest change that arrived during a write; applied once the write ends. `isAnswer`: it
  /// arrived while the write was being performed, on the writing thread, so the write caused it.
  @usableFromInline var pending: (value: Value, side: Side, isAnswer: Bool)?
  /// Writes made one after another, each caused by an answer to the write before; a bound on it
  /// detects two sides that something outside the binding keeps changing in answer to each other.
  /// Changes from other threads are not answers: they end the run.
  @usableFromInline var consecutiveWrites = 0
  @usableFromInline private(set) var isCancelled = false
  /// Whether to keep the two values met at connection, for ``seedReport``.
  @usableFromInline var recordsSeed = false
  /// At connection: the current value of the side the binding starts by writing (the one being
  /// connected), then the value written into it (the first value of the other side).
  @usableFromInline var seedReport: (overwritten: Value?, seed: Value?) = (nil, nil)
  /// Set between ``finishConnecting()`` and ``finishSeeding()``, when `recordsSeed`: the next
  /// change is the seed.
  @usableFromInline var awaitsSeed = false

  /// The most writes one change may cause before the binding is deemed to be in a loop.
  @usableFromInline static var loopLimit: Int { 1000 }

  /// - Parameter connecting: The side subscribed first, whose current value is ignored.
  init(connecting: Side = .left) {
    self.connecting = connecting
  }

  /// Decides what a change of `side` to `value` leads to. `thread` is the calling thread
  /// (``currentThreadIdentity()``), read only when a write is under way: a change made on the
  /// writing thread during the write is an answer to it.
  @inlinable
  mutating func receive(
    _ value: Value,
    from side: Side,
    thread: @autoclosure () -> UInt = currentThreadIdentity()
  ) -> Action {
    if isCancelled { return .none }
    if side == connecting {
      if recordsSeed { seedReport.overwritten = value }
      return .none
    }
    if awaitsSeed {
      awaitsSeed = false
      seedReport.seed = value
    }
    if let writing {
      let isAnswer = writerThread != 0 && thread() == writerThread
      if writing == side && expectsEcho && isAnswer {
        // The side reporting, on the writing thread, the value we are writing into it.
        expectsEcho = false
        return .none
      }
      // A real change during the write, or while the write waits for its delivery: keep only the
      // latest, so the last change wins.
      pending = (value, side, isAnswer)
      return .none
    }
    return startWrite(value, into: side.other)
  }

  mutating func finishConnecting() {
    connecting = nil
    awaitsSeed = recordsSeed
  }

  /// Ends the connection; returns the values met then (see ``seedReport``), if they were recorded.
  mutating func finishSeeding() -> (overwritten: Value?, seed: Value?) {
    awaitsSeed = false
    recordsSeed = false
    defer { seedReport = (nil, nil) }
    return seedReport
  }

  /// Called just before the decided write is performed; `false` when it must be skipped: the
  /// binding ended, or the side to be written changed since the write was decided (that change is
  /// pending and wins). `thread` is the thread about to perform the write
  /// (``currentThreadIdentity()``): a change reported on it before ``finishWrite()`` is caused by
  /// the write.
  @inlinable
  mutating func beginWrite(thread: UInt = currentThreadIdentity()) -> Bool {
    guard !isCancelled, let writing else { return false }
    if let pending, pending.side == writing { return false }
    expectsEcho = true
    writerThread = thread
    return true
  }

  @inlinable
  mutating func finishWrite() -> Action {
    writing = nil
    expectsEcho = false
    writerThread = 0
    guard !isCancelled, let change = pending else {
      consecutiveWrites = 0
      return .none
    }
    pending = nil
    // Only answers to the binding's own writes count towards a loop; a change from another thread
    // is traffic, however long it lasts.
    consecutiveWrites = change.isAnswer ? consecutiveWrites + 1 : 0
    // Each write caused another change of the side just written, a thousand times over: something
    // outside the binding answers every write, so the binding would never come to rest.
    if consecutiveWrites >= Self.loopLimit {
      consecutiveWrites = 0
      return .cancelForLoop
    }
    return startWrite(change.value, into: change.side.other)
  }

  /// Returns `true` the first time only.
  @usableFromInline
  mutating func cancel() -> Bool {
    guard !isCancelled else { return false }
    isCancelled = true
    pending = nil
    return true
  }

  @inlinable
  mutating func startWrite(_ value: Value, into side: Side) -> Action {
    writing = side
    expectsEcho = false
    return .write(value, into: side)
  }
}

extension TwoWayBindingSide {
  /// The side opposite this one. The state machine uses this public, non-generic enum for its
  /// sides: one nested in the generic machine would need generic metadata on every value.
  @inlinable
  var other: TwoWayBindingSide { self == .left ? .right : .left }
}

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
    /// What the owners' bags show for this binding, kept for the loop report.
    var record: BindingRecord?

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
    initialValueFrom seed: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    guard
      let (link, token, owners) = prepare(
        leftEndpoint.bindingTarget, rightEndpoint.bindingTarget, seed: seed,
        reportsEmptyOverwrite: reportsEmptyOverwrite)
    else { return .cancelledBinding }
    let observeLeft = {
      link.keep(
        leftEndpoint.observe({ [weak link] in link?.receive($0, from: .left) }, { [weak link] in link?.cancel() }))
    }
    let observeRight = {
      link.keep(
        rightEndpoint.observe({ [weak link] in link?.receive($0, from: .right) }, { [weak link] in link?.cancel() }))
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
    let record = BindingRecord(target: "\(leftTarget.targetDescription) <~> \(rightTarget.targetDescription)")
    link.state.withLock {
      $0.record = record
      #if DEBUG
      $0.machine.recordsSeed = reportsEmptyOverwrite
      #endif
    }
    // The left side is the target of the binding, like the left of `<~`: one source at a time, so a
    // new binding into it replaces this one. The right side is the source; other bindings into or
    // from it (another `<~>`, a `<~` feeding it) must not end this one.
    for (bag, identity) in [(leftBag, leftTarget.identity), (rightBag, nil)] {
      let id = bag.makeID()
      link.state.withLock { $0.registrations.append(BindingBagRegistration(bag: bag, id: id)) }
      bag.insert(token, id: id, identity: identity, record: record)
    }
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
    let (values, description) = state.withLock { ($0.machine.finishSeeding(), $0.record?.target ?? "<~>") }
    guard let overwritten = values.overwritten, let seedValue = values.seed,
      !isEmptyBindingValue(overwritten), isEmptyBindingValue(seedValue)
    else { return }
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
    let description = state.withLock { $0.record?.target ?? "<~>" }
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
