import Synchronization

/// A subject's subscribers: one record per subscriber, in subscription order, in a buffer the list
/// allocates and frees itself. The buffer and the records' subscriber references are handled only
/// here; what leaves this file is said in "Where references go" below.
///
/// Each record holds one reference to its subscriber (a class subscriber as it is, a value-type one in
/// a ``SubscriberBox``), taken and given back by hand, with its demand, flags and the place of its
/// delivery thunk in the list's thunk table, which holds one thunk per subscriber type (so that a
/// record is 32 bytes, not 48: a subject with 100,000 sinks stores the sinks' thunk once). The
/// drain holder hands a value to every subscriber by reading the buffer in place, through a
/// ``DrainView``: no copy of the list, no retain of each subscriber. Removing a record leaves a hole,
/// so removal is O(1); holes are compacted away once they are more than half of the list. Serials
/// increase along the list, so a subscription finds its record at the place it was inserted, or by
/// binary search to the left of it (O(log n)).
///
/// Safety invariants. Debug builds check them on every mutation (`checkMutation`), and all of them
/// at each compaction (`checkEveryRecord`).
///
/// 1. `buffer` has room for `capacity` records; exactly those at `0..<used` are initialised.
/// 2. A record whose `object` is `nil` is a hole, counted in `holes`; its flags are 0, so the drain
///    holder, which reads the flags only, never hands it anything.
/// 3. A record's `object` is one retained reference, handed back exactly once: by `remove(at:)`,
///    `removeAll()`, or the list's `deinit`, which releases what is left.
/// 4. Serials strictly increase along `0..<used`.
/// 5. Drain ownership: the list's structure (the buffer, `used`, `holes`, which records exist and
///    what reference each holds, the thunk table) changes only under the subject's lock, and only on the thread that
///    holds the subject's drain, or on any thread while no drain runs (`drainHolder`, recorded in
///    debug builds, is 0 then). A cancel that arrives during a drain only clears the record's flags,
///    and the drain holder removes the record later.
/// 6. So a ``DrainView`` taken under the lock stays valid, without the lock, for the thread that holds
///    the drain, until that thread's next mutation of the list. Other threads never use one. Outside
///    the lock, the view reads a record's flags (atomically), its thunk's place and serial (which
///    never change) and that thunk in the table (entries are only appended, and never change), and
///    moves its `object` out and back around a delivery (no other thread reads it).
/// 7. Every record's `thunkIndex` is below `thunkCount`, and the thunk there was made for the type
///    of the subscriber the record holds (entries are found by ``DeliveryThunk/subscriberType``).
///
/// Where references go. A reference the list hands back is a raw pointer (`UnsafeMutableRawPointer`,
/// one retain), and it leaves this file in four ways, each consumed exactly once by ``SubjectCore``
/// after it unlocks: `remove(at:)` returns it through the state machine's `cancel` and through
/// `NextEvent.released` (subscribers cancelled during a drain), to be given to `release(_:)`;
/// `removeAll()` returns ``TakenSubscriber``s (reference and thunk) through `DrainAction.complete`,
/// and a ``NewSubscriber`` that arrives after the completion comes back whole through
/// `DrainAction.handSubscriptionAndCompletion`: the core calls the thunk on the reference, then
/// releases it; the state machine's `takeEverything()` hands the rest to the core's `deinit`. The
/// core also makes the payload pointers that `DrainView.hand` passes to a thunk for the length of
/// one call: each points to a variable of the core's own (a value, a subscription or a completion),
/// mutable, because a thunk moves a value out of it and back around the call (``SubscriberEventKind/value``).
@usableFromInline
struct SubscriberList: ~Copyable {
  /// Set in a record's flags while the subscriber is live.
  @usableFromInline static var liveFlag: UInt8 { 1 }
  /// Set while the subscriber is live, has unlimited demand and awaits no latest value: the drainer
  /// then delivers with no lock.
  @usableFromInline static var fastFlag: UInt8 { 2 }

  @usableFromInline var buffer: UnsafeMutablePointer<SubscriberRecord>?
  @usableFromInline var used = 0
  @usableFromInline var capacity = 0
  /// Records emptied by a removal, until the next compaction.
  @usableFromInline var holes = 0
  /// The delivery thunks of the subscriber types the list has held, one per type, which records name
  /// by their place (``SubscriberRecord/thunkIndex``). Only appended to, by `insert`, so as long as
  /// the number of subscriber types the subject has seen; freed with the list.
  @usableFromInline var thunks: UnsafeMutablePointer<DeliveryThunk>?
  @usableFromInline var thunkCount = 0
  @usableFromInline var thunkCapacity = 0
  /// The place of the thunk the last newcomer used, looked at first: a subject's subscribers are
  /// mostly of one or a few types.
  @usableFromInline var lastThunk = 0
  #if DEBUG
  /// The thread that holds the subject's drain, 0 while none does (invariant 5).
  @usableFromInline var drainHolder: UInt = 0
  #endif

  @usableFromInline
  init() {}

  /// Releases the subscribers still in the list and frees the buffer. The subject's core empties the
  /// list itself before, so that it releases them after its lock; this catches a list dropped
  /// otherwise (a state machine tested as a plain value). Inlinable, as the code that drops a list
  /// (the state machine's inlinable members) is.
  @inlinable
  deinit {
    if let buffer {
      for position in 0..<used {
        let record = buffer + position
        if let object = record.pointee.object { Self.release(object) }
        record.deinitialize(count: 1)
      }
      buffer.deallocate()
    }
    if let thunks {
      thunks.deinitialize(count: thunkCount)
      thunks.deallocate()
    }
  }

  /// The subscribers in the list. O(1).
  var count: Int { used - holes }

  /// The records, for the drain holder to read in place after the lock (invariant 6).
  @inlinable
  var drainView: DrainView { DrainView(start: buffer, count: used, thunks: thunks) }

  // MARK: Drain ownership

  /// Records that the thread `thread` holds the drain from now on (0: nobody). Costs nothing in a
  /// release build.
  @inlinable @inline(__always)
  mutating func noteDrainHolder(_ thread: UInt) {
    #if DEBUG
    drainHolder = thread
    #endif
  }

  /// Checks invariant 5, and invariant 1 for `position`, before a mutation.
  @inlinable @inline(__always)
  func checkMutation(at position: Int? = nil) {
    #if DEBUG
    assert(
      drainHolder == 0 || drainHolder == currentThreadIdentity(),
      "the subscriber list was changed by a thread that does not hold the subject's drain")
    assert(used <= capacity && holes <= used, "the subscriber list's counts are inconsistent")
    if let position { assert(position >= 0 && position < used, "no record at position \(position)") }
    #endif
  }

  /// Checks invariants 1 to 4 on every record. O(n): called where the list does O(n) work anyway.
  @usableFromInline
  func checkEveryRecord() {
    #if DEBUG
    var emptied = 0
    var previous: UInt64?
    for position in 0..<used {
      let record = buffer! + position
      if record.pointee.object == nil {
        emptied += 1
        assert(record.pointee.flags.load(ordering: .relaxed) == 0, "a hole at \(position) has flags")
      }
      if let previous { assert(previous < record.pointee.serial, "serials out of order at \(position)") }
      assert(Int(record.pointee.thunkIndex) < thunkCount, "the record at \(position) names no thunk")
      previous = record.pointee.serial
    }
    assert(emptied == holes, "\(emptied) holes, \(holes) counted")
    #endif
  }

  // MARK: Reading, under the subject's lock

  /// The guarded fields of the record at `position`, for the state machine to read and change under
  /// the subject's lock. Valid until the list's next mutation.
  @inlinable
  func guardedFields(at position: Int) -> GuardedFields {
    #if DEBUG
    assert(position >= 0 && position < used, "no record at position \(position)")
    #endif
    return GuardedFields(record: buffer! + position)
  }

  /// Where the live subscriber `key` names is, if it is still live. O(1) at its insertion place,
  /// O(log n) after a compaction.
  @inlinable
  func position(of key: SubscriberKey) -> Int? {
    guard let buffer, !key.namesNoPlace else { return nil }
    var found: Int?
    if key.hint < used, buffer[key.hint].serial == key.serial {
      found = key.hint
    } else {
      // Compaction only moves records to the left, in order (invariant 4).
      var low = 0
      var high = Swift.min(key.hint, used)
      while low < high {
        let middle = (low + high) / 2
        let serial = buffer[middle].serial
        if serial == key.serial {
          found = middle
          break
        }
        if serial < key.serial { low = middle + 1 } else { high = middle }
      }
    }
    guard let found, buffer[found].isLive else { return nil }
    return found
  }

  /// Publishes the guarded fields of the record at `position` to its flags; called under the
  /// subject's lock after every change.
  @inlinable
  func publishFlags(at position: Int) {
    let record = buffer! + position
    var flags: UInt8 = 0
    if record.pointee.isLive {
      flags |= Self.liveFlag
      if record.pointee.demand == .unlimited, record.pointee.latestValue != .queued { flags |= Self.fastFlag }
    }
    record.pointee.flags.store(flags, ordering: .releasing)
  }

  // MARK: Changing the list, under the subject's lock, by the drain holder (invariant 5)

  /// Appends `newcomer`; returns its place. Amortised O(1).
  @inlinable
  mutating func insert(_ newcomer: NewSubscriber) -> Int {
    checkMutation()
    #if DEBUG
    if used > 0 { assert(buffer![used - 1].serial < newcomer.serial, "a newcomer's serial is not the largest") }
    #endif
    if used == capacity { reallocate(capacity: Swift.max(4, capacity * 2)) }
    let thunkIndex = thunkIndex(for: newcomer)
    let position = used
    (buffer! + position).initialize(to: SubscriberRecord(newcomer, thunkIndex: thunkIndex))
    used += 1
    return position
  }

  /// Empties the record at `position`, whose flags are already cleared, and hands back the list's
  /// reference to its subscriber, to be released after the lock. The record stays, as a hole, until
  /// `compactIfSparse()`. O(1).
  @inlinable
  mutating func remove(at position: Int) -> UnsafeMutableRawPointer {
    checkMutation(at: position)
    let record = buffer! + position
    // The drainer skips a record by its flags, so a removed one must have none (invariant 2).
    assert(record.pointee.flags.load(ordering: .relaxed) == 0, "removed a live subscriber")
    let object = record.pointee.object!
    record.pointee.object = nil
    holes += 1
    return object
  }

  /// The place in the thunk table of the thunk for `newcomer`'s type. O(1) when it is the type of the
  /// previous newcomer; else O(number of types seen), adding the newcomer's thunk if its type is new.
  @inlinable
  mutating func thunkIndex(for newcomer: NewSubscriber) -> UInt32 {
    if lastThunk < thunkCount, thunks![lastThunk].subscriberType == newcomer.type { return UInt32(lastThunk) }
    return findOrAddThunk(for: newcomer)
  }

  @usableFromInline
  mutating func findOrAddThunk(for newcomer: NewSubscriber) -> UInt32 {
    var found: Int?
    for index in 0..<thunkCount where thunks![index].subscriberType == newcomer.type {
      found = index
      break
    }
    let index: Int
    if let found {
      index = found
    } else {
      precondition(thunkCount < Int(UInt32.max), "a subject saw more than 2^32 subscriber types")
      if thunkCount == thunkCapacity {
        let newCapacity = Swift.max(2, thunkCapacity * 2)
        let newThunks = UnsafeMutablePointer<DeliveryThunk>.allocate(capacity: newCapacity)
        if let thunks {
          newThunks.moveInitialize(from: thunks, count: thunkCount)
          thunks.deallocate()
        }
        thunks = newThunks
        thunkCapacity = newCapacity
      }
      index = thunkCount
      (thunks! + index).initialize(to: DeliveryThunk(newcomer.deliver, for: newcomer.type))
      thunkCount += 1
    }
    lastThunk = index
    return UInt32(index)
  }

  /// Compacts the list once holes are more than half of it: amortised O(1) per removal.
  @inlinable
  mutating func compactIfSparse() {
    if holes > 32, holes * 2 > used { compact() }
  }

  /// Empties the list and hands back every subscriber that was in it, with its thunk. O(n).
  mutating func removeAll() -> [TakenSubscriber] {
    checkMutation()
    var all: [TakenSubscriber] = []
    all.reserveCapacity(used - holes)
    for position in 0..<used {
      let record = buffer! + position
      if let object = record.pointee.object {
        record.pointee.isLive = false
        publishFlags(at: position)
        all.append(TakenSubscriber(object: object, deliver: thunks![Int(record.pointee.thunkIndex)].function))
      }
      record.deinitialize(count: 1)
    }
    used = 0
    holes = 0
    return all
  }

  @usableFromInline
  mutating func compact() {
    checkMutation()
    checkEveryRecord()
    guard let buffer else { return }
    var live = 0
    for position in 0..<used {
      let record = buffer + position
      if record.pointee.object == nil {
        record.deinitialize(count: 1)
      } else {
        if live != position { (buffer + live).moveInitialize(from: record, count: 1) }
        live += 1
      }
    }
    used = live
    holes = 0
    // Keep the capacity while it is at most four times what is used (a list that just shrank usually
    // grows again: subscribe/cancel churn); past that, give the memory back.
    if capacity > 64, used * 4 < capacity { reallocate(capacity: Swift.max(16, used * 2)) }
    checkEveryRecord()
  }

  @usableFromInline
  mutating func reallocate(capacity newCapacity: Int) {
    checkMutation()
    let newBuffer = UnsafeMutablePointer<SubscriberRecord>.allocate(capacity: newCapacity)
    if let buffer {
      newBuffer.moveInitialize(from: buffer, count: used)
      buffer.deallocate()
    }
    buffer = newBuffer
    capacity = newCapacity
  }

  // MARK: References handed out

  /// The next serial: one counter for every subject, shared with `CombineIdentifier()`, so that a
  /// serial also serves as the subscription's identifier.
  @inlinable
  static func nextSerial() -> UInt64 {
    CombineIdentifier.nextRawValue()
  }

  /// Releases a subscriber reference the list handed back.
  @inlinable
  static func release(_ object: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(object).release()
  }
}

extension SubscriberList {
  /// The records as the drain holder reads them after the lock: valid until the holder's next
  /// mutation of the list (invariant 6). Records are named by their place, as in the state machine's
  /// actions.
  @usableFromInline
  struct DrainView {
    @usableFromInline let start: UnsafeMutablePointer<SubscriberRecord>?
    /// The places `0..<count` hold records (some of them holes, whose flags are 0). `start` and
    /// `thunks` are `nil` only while the list has never held a record, and `count` is 0 then: the
    /// readers below unwrap them unchecked (checked in a debug build), which keeps two tests and
    /// branches out of the loop that hands a value to every subscriber.
    @usableFromInline let count: Int
    /// The list's thunk table, which the records name their thunks in.
    @usableFromInline let thunks: UnsafeMutablePointer<DeliveryThunk>?

    @inlinable
    init(start: UnsafeMutablePointer<SubscriberRecord>?, count: Int, thunks: UnsafeMutablePointer<DeliveryThunk>?) {
      self.start = start
      self.count = count
      self.thunks = thunks
    }

    /// The flags of the record at `position`: ``SubscriberList/liveFlag``, ``SubscriberList/fastFlag``.
    @inlinable @inline(__always)
    func flags(at position: Int) -> UInt8 {
      (start.unsafelyUnwrapped + position).pointee.flags.load(ordering: .acquiring)
    }

    /// The serial of the record at `position`, which never changes once the record is made.
    @inlinable @inline(__always)
    func serial(at position: Int) -> UInt64 {
      (start.unsafelyUnwrapped + position).pointee.serial
    }

    /// Hands the event at `payload`, of the type `kind` names, to the subscriber at `position`
    /// through its thunk (in the table, where the record names it), which finds the subscriber
    /// reference in the record, and returns the demand it asks for.
    @inlinable @inline(__always)
    func hand(_ payload: UnsafeMutableRawPointer, _ kind: SubscriberEventKind, at position: Int) -> Subscribers.Demand {
      let record = start.unsafelyUnwrapped + position
      let field = withUnsafeMutablePointer(to: &record.pointee.object) { UnsafeMutableRawPointer($0) }
      return (thunks.unsafelyUnwrapped + Int(record.pointee.thunkIndex)).pointee.deliver(field, payload, kind)
    }
  }
}

extension SubscriberList {
  /// A record's fields that only the subject's lock guards. Each is reached on its own, never the
  /// record as a whole: the drain holder may be moving the record's `object` out and back at the same
  /// time (invariant 6), and an access to the whole record would overlap that one.
  @usableFromInline
  struct GuardedFields {
    @usableFromInline let record: UnsafeMutablePointer<SubscriberRecord>

    @inlinable
    init(record: UnsafeMutablePointer<SubscriberRecord>) {
      self.record = record
    }

    /// `false` once cancelled or completed.
    @inlinable
    var isLive: Bool {
      get { record.pointee.isLive }
      nonmutating set { record.pointee.isLive = newValue }
    }

    @inlinable
    var latestValue: LatestValueStatus {
      get { record.pointee.latestValue }
      nonmutating set { record.pointee.latestValue = newValue }
    }

    @inlinable
    var demand: Subscribers.Demand {
      get { record.pointee.demand }
      nonmutating set { record.pointee.demand = newValue }
    }

    /// Never changes once the record is made.
    @inlinable
    var serial: UInt64 { record.pointee.serial }
  }
}

/// Where a current-value subject's latest value stands for one subscriber.
@usableFromInline
enum LatestValueStatus: UInt8 {
  /// Nothing is owed: values are delivered as they are sent.
  case notOwed
  /// The subscriber is owed the value as it is at its next demand: its first value from a
  /// current-value subject, or the latest one after its demand ran out while values were sent.
  case owedOnDemand
  /// The latest value is queued for this subscriber: values queued before it are older, so they
  /// are skipped rather than delivered before it, or twice.
  case queued
}

/// What a subject knows about one subscriber, in its ``SubscriberList``.
///
/// Guarded by the subject's lock, except for what the drain holder uses without it (the list's
/// invariant 6): ``object``, ``thunkIndex``, ``serial`` and ``flags`` (atomic).
///
/// 32 bytes on a 64-bit platform: the reference, the three one-byte fields and the thunk's place in
/// one word, then the demand and the serial.
@usableFromInline
struct SubscriberRecord: ~Copyable {
  /// One reference to the subscriber (or to its box); `nil` once removed, until the list is
  /// compacted.
  @usableFromInline var object: UnsafeMutableRawPointer?
  /// A summary of the guarded fields that the drainer reads without the lock: see
  /// ``SubscriberList/liveFlag`` and ``SubscriberList/fastFlag``.
  @usableFromInline let flags: Atomic<UInt8>
  /// `false` once cancelled or completed.
  @usableFromInline var isLive = true
  @usableFromInline var latestValue: LatestValueStatus
  /// Where the subscriber's delivery thunk is in the list's thunk table.
  @usableFromInline let thunkIndex: UInt32
  @usableFromInline var demand = Subscribers.Demand.none
  /// Increases in list order: how a subscription finds its record after a compaction.
  @usableFromInline let serial: UInt64

  @inlinable
  init(_ newcomer: NewSubscriber, thunkIndex: UInt32) {
    object = newcomer.object
    flags = Atomic(SubscriberList.liveFlag)
    latestValue = newcomer.needsInitialValue ? .owedOnDemand : .notOwed
    self.thunkIndex = thunkIndex
    serial = newcomer.serial
  }
}

/// What a subject asks a subscriber's thunk to hand over.
@usableFromInline
enum SubscriberEventKind: UInt8 {
  /// The payload is an `Output`, in a slot the deliverer owns and does not read during the call: the
  /// thunk moves the value out for the call and back before it returns, so that no copy is made.
  case value
  /// The payload is a ``SubjectSubscription``.
  case subscription
  /// The payload is a `Subscribers.Completion<Failure>`.
  case completion
}

/// Hands an event to one subscriber whose type the list does not know. The first argument points to
/// where the subscriber reference is stored (the record's ``SubscriberRecord/object``), the second
/// to the event, of the type `kind` names. Returns the demand the subscriber asks for.
///
/// A thunk, made in `attach` where the subscriber's type is known, so that it runs specialised. It
/// captures nothing, and is not generic: the list that stores it is not generic either.
@usableFromInline
typealias SubscriberThunk = (UnsafeMutableRawPointer, UnsafeMutableRawPointer, SubscriberEventKind) ->
  Subscribers.Demand

/// An entry of a list's thunk table: the ``SubscriberThunk`` for one subscriber type, called in
/// place.
///
/// Calling a closure read from a buffer through a pointer retains and releases its context around
/// the call (the compiler cannot tell the buffer is not changed meanwhile); a non-copyable wrapper
/// with a borrowing method calls it in place, with neither.
@usableFromInline
struct DeliveryThunk: ~Copyable {
  @usableFromInline let function: SubscriberThunk
  /// The subscriber type the thunk was made for: what the table finds it by. Two thunks made for
  /// one type do the same thing, so the table keeps the first.
  @usableFromInline let subscriberType: ObjectIdentifier

  @inlinable
  init(_ function: @escaping SubscriberThunk, for subscriberType: ObjectIdentifier) {
    self.function = function
    self.subscriberType = subscriberType
  }

  @inlinable @inline(__always)
  borrowing func deliver(
    _ field: UnsafeMutableRawPointer, _ payload: UnsafeMutableRawPointer, _ kind: SubscriberEventKind
  ) -> Subscribers.Demand {
    function(field, payload, kind)
  }
}

/// A subscriber on its way into the list: made by `attach`, queued until the drain reaches it.
@usableFromInline
struct NewSubscriber {
  /// One reference to the subscriber, or to the ``SubscriberBox`` holding a value-type one.
  @usableFromInline var object: UnsafeMutableRawPointer
  @usableFromInline let deliver: SubscriberThunk
  /// The subscriber's type, which the list's thunk table finds `deliver`'s twin by.
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let needsInitialValue: Bool
  /// Its place in subscription order, set under the subject's lock.
  @usableFromInline var serial: UInt64 = 0

  @inlinable
  init<S: Subscriber>(_ subscriber: S, needsInitialValue: Bool) {
    self.needsInitialValue = needsInitialValue
    type = ObjectIdentifier(S.self)
    // Decided when `attach` is specialised, with no run-time cast (`is AnyObject.Type` and
    // `as AnyObject` go through the runtime's dynamic casts): the specialiser folds `_canBeClass`
    // (the standard library's public spelling of `Builtin.canBeClass`) to 0 or 1. Unspecialised
    // code (a debug build) gets 2, "maybe", and asks the runtime.
    let canBeClass = _canBeClass(S.self)
    if canBeClass == 1 || (canBeClass == 2 && S.self is AnyObject.Type) {
      // A class: the list holds the subscriber itself. The thunk moves the reference out of the
      // record and back around each event, which costs no reference counting.
      object = Unmanaged<AnyObject>.passRetained(unsafeBitCast(subscriber, to: AnyObject.self)).toOpaque()
      deliver = { field, payload, kind in
        let cell = field.assumingMemoryBound(to: S.self)
        let subscriber = cell.move()
        let demand = subscriber.receive(payload, kind)
        cell.initialize(to: subscriber)
        return demand
      }
    } else {
      object = Unmanaged.passRetained(SubscriberBox(subscriber)).toOpaque()
      deliver = { field, payload, kind in
        // The box reference too is moved out and back, rather than retained.
        let cell = field.assumingMemoryBound(to: SubscriberBox<S>.self)
        let box = cell.move()
        let demand = box.receive(payload, kind)
        cell.initialize(to: box)
        return demand
      }
    }
  }
}

/// A subscriber taken out of the list when the subject completes, to be handed the completion and
/// released.
@usableFromInline
struct TakenSubscriber {
  @usableFromInline let object: UnsafeMutableRawPointer
  @usableFromInline let deliver: SubscriberThunk
}

/// Holds a value-type subscriber, so that the list can hold it by reference.
@usableFromInline
final class SubscriberBox<Downstream: Subscriber> {
  /// Read only by the thread that holds the subject's drain.
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream
  @usableFromInline let liveObject: LiveObjectToken

  @inlinable
  init(_ downstream: Downstream) {
    self.downstream = downstream
    liveObject = LiveObjectToken("Subject.SubscriberBox")
  }

  /// Moves the downstream out and back rather than copying it: a copy would retain and release
  /// every reference it holds (a chain of operator stages holds several) for every value.
  @inlinable @inline(__always)
  func receive(_ payload: UnsafeMutableRawPointer, _ kind: SubscriberEventKind) -> Subscribers.Demand {
    withUnsafeMutablePointer(to: &downstream) { cell in
      let downstream = cell.move()
      let demand = downstream.receive(payload, kind)
      cell.initialize(to: downstream)
      return demand
    }
  }
}

extension Subscriber {
  /// Hands the event at `payload`, of the type `kind` names, to this subscriber.
  @inlinable @inline(__always)
  func receive(_ payload: UnsafeMutableRawPointer, _ kind: SubscriberEventKind) -> Subscribers.Demand {
    switch kind {
    case .value:
      // A plain value (no references: `_isPOD` folds to a constant once specialised) is read as it
      // is. Any other is moved out of the deliverer's slot and back, not copied: a copy of a value
      // that holds a reference (a string, an array, an object) would retain and release it around
      // every call.
      if _isPOD(Input.self) { return receive(payload.assumingMemoryBound(to: Input.self).pointee) }
      let slot = payload.assumingMemoryBound(to: Input.self)
      let value = slot.move()
      let demand = receive(value)
      slot.initialize(to: value)
      return demand
    case .subscription:
      receive(subscription: payload.assumingMemoryBound(to: SubjectSubscription.self).pointee)
      return .none
    case .completion:
      receive(completion: payload.assumingMemoryBound(to: Subscribers.Completion<Failure>.self).pointee)
      return .none
    }
  }
}
