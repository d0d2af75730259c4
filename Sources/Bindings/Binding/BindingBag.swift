import Synchronization
/// The bindings an owner keeps alive, cancelled together when the bag is deallocated.
///
/// ```swift
/// final class Cell: BindingOwner {
///   let bindings = BindingBag()
///   var title: String?
/// }
/// let cell = Cell()
/// let first = MutableProperty("first")
/// cell.reactive.title <~ first
/// print(cell.bindings.count)   // prints "1"
/// cell.bindings.removeAll()    // e.g. in prepareForReuse
/// print(cell.bindings.count)   // prints "0"
/// ```
///
/// 1. A binding whose source completes removes itself, so a long-lived owner does not accumulate
///    dead entries.
/// 2. A binding made with a target identity (every key-path target has one) replaces the live
///    binding with the same identity: one source per target.
/// 3. ``liveBindings`` lists what is bound, where it was bound, and what each binding writes.
///
/// Safe to use from any thread. Cancellation always runs after the bag's lock is released.
public final class BindingBag: CustomStringConvertible, @unchecked Sendable {
  /// One live binding: what ends it (a binding's sink itself, or the token given to
  /// ``insert(_:identity:target:fileID:line:)``), what it writes, where it was made, and its target
  /// identity.
  ///
  /// The target's name stays in the form the target gave it until ``liveBindings`` or a diagnostic
  /// asks for text (printing a key path or a type costs microseconds and a heap string, for every
  /// binding made); the place it was made is known only for `bind(to:)` and `insert(_:…)`, and is
  /// stored out of line, so that the many bindings made with operators do not carry two empty
  /// optionals.
  private struct Entry {
    var token: any IdempotentCancellable
    var name: BindingTargetName
    var location: BindingLocation?
    var identity: BindingIdentity?

    var record: BindingRecord {
      BindingRecord(target: name.text(identity: identity), fileID: location?.fileID, line: location?.line)
    }
  }

  /// An entry and its id; a hole, with no token, where the entry was removed.
  ///
  /// A named struct, not a tuple: an array of tuples is destroyed through the runtime's generic
  /// tuple and `Optional` witnesses, about 1,000 instructions per entry when an owner dies; a
  /// struct's own destroy is compiled for it. The token is a field of its own, not part of an
  /// optional entry, so that ending the bindings reads it in place: reaching it through an optional
  /// `Entry` copied the whole entry (its record's strings, its identity) for each binding.
  private struct Slot {
    var id: UInt64
    var token: (any IdempotentCancellable)?
    var name: BindingTargetName
    var location: BindingLocation?
    var identity: BindingIdentity?
    /// The identity's hash value (0 without one), so that a scan for an identity compares whole
    /// identities only where the hashes match.
    var identityHash: Int

    init(
      id: UInt64,
      token: any IdempotentCancellable,
      name: BindingTargetName,
      location: BindingLocation?,
      identity: BindingIdentity?,
      identityHash: Int
    ) {
      self.id = id
      self.token = token
      self.name = name
      self.location = location
      self.identity = identity
      self.identityHash = identityHash
    }

    /// The entry, unless this slot is a hole.
    var entry: Entry? {
      token.map { Entry(token: $0, name: name, location: location, identity: identity) }
    }

    /// Takes the entry out, leaving a hole.
    mutating func take() -> Entry? {
      guard let token = token.take() else { return nil }
      defer {
        name = .text("")
        location = nil
        identity = nil
      }
      return Entry(token: token, name: name, location: location, identity: identity)
    }
  }

  /// The bag's contents, decided under the lock; tokens are cancelled and released after it.
  ///
  /// The entries are kept in the order of their ids, which is the order the bindings were made
  /// in, in an array with holes: ending an owner's bindings then walks the tokens, the sinks and the
  /// source's subscriber records in the order they were allocated, as a plain array of slots would.
  /// (A dictionary, used before, walked them in hash order: at 100,000 bindings nearly every step
  /// was a cache miss, and teardown grew faster than the number of bindings.)
  private struct State {
    /// The entries, in increasing id order; a hole (no token) where one was removed.
    var slots: [Slot] = []
    /// The number of holes; compacted away once they are more than half of the slots.
    var holes = 0
    /// The id of a live binding for each identity's hash value, made once the bag has more slots
    /// than a scan should read (``identityScanLimit``), and kept from then on until the bag is
    /// emptied. A bag with fewer slots (an owner's handful of bindings, the common case) finds an
    /// identity by scanning its slots, comparing hash values first: no dictionary to grow and
    /// rehash per owner. Keyed by the hash, not the identity: 16 bytes an entry where a type-erased
    /// identity took 48, for an owner with many bindings (a widget with a hundred style classes
    /// bound). The identity is compared in the slot the entry names.
    var idsByHash: [Int: UInt64]?
    /// Whether two live identities have ever shared a hash value since ``idsByHash`` was made:
    /// then a hash's entry names one of them, and the others are found by a scan.
    var hashesCollide = false
    var nextID: UInt64 = 0
    /// Why the bag takes no more bindings, once ``BindingBag/close(reason:)`` has been called.
    var closedReason: String?

    var count: Int { slots.count - holes }

    var entries: [(id: UInt64, entry: Entry)] {
      slots.compactMap { slot in slot.entry.map { (slot.id, $0) } }
    }

    mutating func makeID() -> UInt64 {
      nextID += 1
      return nextID
    }

    /// The place of the slot with `id`, if there is one. O(log n).
    func position(of id: UInt64) -> Int? {
      var low = 0
      var high = slots.count
      while low < high {
        let middle = (low + high) / 2
        if slots[middle].id == id { return middle }
        if slots[middle].id < id { low = middle + 1 } else { high = middle }
      }
      return nil
    }

    /// How many slots a bag without an identity dictionary scans to find an identity.
    static var identityScanLimit: Int { 16 }

    /// The id of the live binding with `identity`, whose hash value is `hash`.
    mutating func liveID(of identity: BindingIdentity, hash: Int) -> UInt64? {
      if idsByHash == nil {
        if slots.count <= Self.identityScanLimit { return scanForLiveID(of: identity, hash: hash) }
        var ids: [Int: UInt64] = [:]
        for slot in slots where slot.token != nil && slot.identity != nil {
          if ids.updateValue(slot.id, forKey: slot.identityHash) != nil { hashesCollide = true }
        }
        idsByHash = ids
      }
      guard let id = idsByHash?[hash] else { return nil }
      if let position = position(of: id), slots[position].identity == identity { return id }
      // The entry names another identity with the same hash value.
      return hashesCollide ? scanForLiveID(of: identity, hash: hash) : nil
    }

    /// The id of the live binding with `identity`, found by reading every slot.
    func scanForLiveID(of identity: BindingIdentity, hash: Int) -> UInt64? {
      for position in slots.indices
      where slots[position].identityHash == hash && slots[position].token != nil
        && slots[position].identity == identity
      {
        return slots[position].id
      }
      return nil
    }

    /// Stores a binding under `id`; puts the entry it replaces, which has the same identity, in
    /// `replaced`, and returns whether there was one. Takes the parts, not an entry: each copy of an
    /// entry, and of an optional one, retains and releases every part.
    mutating func insert(
      token: any IdempotentCancellable,
      name: BindingTargetName,
      location: BindingLocation?,
      identity: BindingIdentity?,
      id: UInt64,
      replaced: inout Entry?
    ) -> Bool {
      var didReplace = false
      var identityHash = 0
      if let identity {
        identityHash = identity.hashValue
        if let previous = liveID(of: identity, hash: identityHash) {
          replaced = remove(id: previous)
          didReplace = true
        }
        // An entry left for this hash names a live binding with another identity.
        if idsByHash?.updateValue(id, forKey: identityHash) != nil { hashesCollide = true }
      }
      let slot = Slot(
        id: id, token: token, name: name, location: location, identity: identity, identityHash: identityHash)
      // The last id read in place: `slots.last` would copy the whole slot.
      if !slots.isEmpty, slots[slots.count - 1].id > id {
        // Made on another thread after this binding took its id, and stored first: keep the order.
        var low = 0
        var high = slots.count
        while low < high {
          let middle = (low + high) / 2
          if slots[middle].id < id { low = middle + 1 } else { high = middle }
        }
        slots.insert(slot, at: low)
      } else {
        slots.append(slot)
      }
      return didReplace
    }

    mutating func remove(id: UInt64) -> Entry? {
      guard let position = position(of: id) else { return nil }
      let hash = slots[position].identityHash
      guard let entry = slots[position].take() else { return nil }
      holes += 1
      if entry.identity != nil, idsByHash?[hash] == id {
        // Another live binding with the same hash takes the entry, if hashes ever collided.
        idsByHash?[hash] =
          hashesCollide
          ? slots.last { $0.token != nil && $0.identity != nil && $0.identityHash == hash }?.id : nil
      }
      if holes > 32, holes * 2 > slots.count {
        slots.removeAll { $0.token == nil }
        holes = 0
      }
      return entry
    }

    /// Empties the bag; returns its entries in the order they were made.
    mutating func removeAll() -> [Slot] {
      let taken = slots
      slots = []
      holes = 0
      idsByHash = nil
      hashesCollide = false
      return taken
    }
  }

  private let state = Locked(State())
  /// Whether a binding has ever been offered to the bag: until one is, ``removeAll()`` has nothing
  /// to do and takes no lock (a list's row with no bindings is emptied at each bind and unbind).
  private let hasHeldBindingsFlag = Atomic<Bool>(false)

  /// Whether a binding has ever been offered to the bag (and so whether emptying it can have
  /// anything to do): read without a lock.
  package var hasHeldBindings: Bool { hasHeldBindingsFlag.load(ordering: .acquiring) }

  /// How many bags have taken their first binding, in the whole process: a list that knows none of
  /// its row's bags held a binding when this count was `n` knows they still hold none while it is.
  package static var firstUses: Int { firstUseCount.load(ordering: .acquiring) }
  private static let firstUseCount = Atomic<Int>(0)

  /// Creates an empty bag.
  public init() {}

  deinit {
    let taken = state.withLock { $0.removeAll() }
    Self.cancel(taken)
  }

  /// The number of live bindings.
  public var count: Int {
    state.withLock { $0.count }
  }

  /// The live bindings, oldest first, with where each was made and the target it writes.
  ///
  /// ```swift
  /// viewModel.$name.bind(to: label.reactive.text)   // at MyApp/ProfileView.swift:42
  /// label.reactive.count <~ viewModel.$count
  /// for binding in label.bindings.liveBindings { print(binding) }
  /// // prints "\Label.text ← bound at MyApp/ProfileView.swift:42"
  /// // prints "\Label.count ← bound with an operator (use bind(to:) to record where)"
  /// ```
  ///
  /// Operators cannot take `#fileID` and `#line` default arguments (Swift allows exactly two
  /// operands), so only bindings made with `bind(to:)` and ``insert(_:identity:target:fileID:line:)``
  /// know where they were made; every binding knows its target.
  public var liveBindings: [BindingRecord] {
    state.withLock { state in state.entries.map(\.entry.record) }
  }

  /// The number of live bindings and one line per binding, for debugging.
  ///
  /// ```swift
  /// print(label.bindings)
  /// // prints "BindingBag(1 live)" and "  \\Label.text ← bound at App/View.swift:12"
  /// ```
  public var description: String {
    let records = liveBindings
    return "BindingBag(\(records.count) live)" + records.map { "\n  \($0)" }.joined()
  }

  /// Keeps `cancellable` alive until the bag is deallocated or emptied, and cancels it then.
  ///
  /// Use it for subscriptions that are not made with the binding operators, so they share the
  /// owner's lifetime and show up in ``liveBindings``.
  ///
  /// - Parameters:
  ///   - cancellable: The subscription to keep; the bag cancels it when it is emptied or deallocated.
  ///   - identity: When given, a live binding with the same identity is cancelled and replaced by
  ///     this one.
  ///   - target: What ``liveBindings`` shows as the binding's target.
  ///   - fileID: The file that made the binding; defaults to the caller's.
  ///   - line: The line that made the binding; defaults to the caller's.
  public func insert(
    _ cancellable: AnyCancellable,
    identity: AnyHashable? = nil,
    target: String = "custom",
    fileID: String = #fileID,
    line: UInt = #line
  ) {
    let id = makeID()
    insert(
      cancellable, id: id, identity: identity.map(BindingIdentity.init), name: .text(target),
      location: .at(fileID: fileID, line: line))
  }

  /// Cancels every live binding and empties the bag; the owner can bind again afterwards.
  public func removeAll() {
    // A binding offered at the same time on another thread lands after this removal.
    guard hasHeldBindings else { return }
    let taken = state.withLock { $0.removeAll() }
    Self.cancel(taken)
  }

  /// Cancels every live binding and refuses every later one, for an owner that is finished (a
  /// widget that has been destroyed) but whose object may still be reachable.
  ///
  /// A binding made into a closed bag is cancelled at once: its token is already cancelled, its
  /// source is cancelled on subscribe, nothing is written, and a diagnostic naming the target and
  /// `reason` is written to standard error.
  ///
  /// ```swift
  /// label.bindings.close(reason: "the label was destroyed")
  /// let token = name.bind(to: label.reactive.text)   // cancelled; prints
  /// // "Bindings: Label.text was not bound: the label was destroyed"
  /// ```
  ///
  /// Closing a closed bag does nothing.
  public func close(reason: String) {
    let taken = state.withLock { state -> [Slot] in
      guard state.closedReason == nil else { return [] }
      state.closedReason = reason
      return state.removeAll()
    }
    Self.cancel(taken)
  }

  /// Whether ``close(reason:)`` has been called: the bag refuses new bindings.
  public var isClosed: Bool {
    state.withLock { $0.closedReason != nil }
  }

  /// Cancels the tokens of `slots`, in the order the bindings were made, reading each in place.
  private static func cancel(_ slots: [Slot]) {
    slots.withUnsafeBufferPointer { slots in
      for index in slots.indices { slots[index].token?.cancel() }
    }
  }

  // MARK: Used by bindings

  @usableFromInline
  func makeID() -> UInt64 {
    state.withLock { $0.makeID() }
  }

  /// Stores a binding under `id`; a live binding with the same identity is cancelled after the
  /// lock is released.
  @usableFromInline
  func insert(
    _ token: any IdempotentCancellable,
    id: UInt64,
    identity: BindingIdentity?,
    name: BindingTargetName,
    location: BindingLocation?
  ) {
    // Done here rather than through `insertDeferringCancel`, whose closure is one more object on
    // the heap per binding.
    var replaced: Entry?
    let (refusal, didReplace) = store(
      token, id: id, identity: identity, name: name, location: location, replaced: &replaced)
    // A flag, not `replaced != nil`: that comparison copies the optional entry.
    if didReplace || refusal != nil {
      finishInsert(token, identity: identity, name: name, replaced: replaced, refusal: refusal)
    }
  }

  /// Stores a binding under `id`, as ``insert(_:id:identity:name:location:)`` does, and returns
  /// what that would do after the lock: cancel the binding it replaced, or refuse this one. The
  /// caller runs it once it holds no lock of its own.
  func insertDeferringCancel(
    _ token: any IdempotentCancellable,
    id: UInt64,
    identity: BindingIdentity?,
    name: BindingTargetName,
    location: BindingLocation?
  ) -> () -> Void {
    var replaced: Entry?
    let (refusal, _) = store(token, id: id, identity: identity, name: name, location: location, replaced: &replaced)
    return { [replaced] in
      self.finishInsert(token, identity: identity, name: name, replaced: replaced, refusal: refusal)
    }
  }

  /// Stores a binding under `id` unless the bag is closed; puts the entry it replaces in
  /// `replaced`, and returns why the bag refused it, if it did, and whether it replaced one.
  private func store(
    _ token: any IdempotentCancellable,
    id: UInt64,
    identity: BindingIdentity?,
    name: BindingTargetName,
    location: BindingLocation?,
    replaced: inout Entry?
  ) -> (refusal: String?, didReplace: Bool) {
    if !hasHeldBindingsFlag.load(ordering: .relaxed) {
      hasHeldBindingsFlag.store(true, ordering: .releasing)
      Self.firstUseCount.add(1, ordering: .releasing)
    }
    return state.withLock { state -> (String?, Bool) in
      if let reason = state.closedReason { return (reason, false) }
      let didReplace = state.insert(
        token: token, name: name, location: location, identity: identity, id: id, replaced: &replaced)
      return (nil, didReplace)
    }
  }

  /// What follows a store, with no lock held: the replaced binding is cancelled, and a refused one
  /// is reported and cancelled.
  private func finishInsert(
    _ token: any IdempotentCancellable,
    identity: BindingIdentity?,
    name: BindingTargetName,
    replaced: Entry?,
    refusal: String?
  ) {
    replaced?.token.cancel()
    if let refusal {
      reportBindingMisuse("\(name.text(identity: identity)) was not bound: \(refusal)")
      token.cancel()
    }
  }

  /// Removes the live binding stored with `identity`, if there is one, and returns what ends it:
  /// the caller cancels it once it holds no lock.
  func removeBinding(identity: BindingIdentity) -> () -> Void {
    let removed = state.withLock { state -> Entry? in
      guard let id = state.liveID(of: identity, hash: identity.hashValue) else { return nil }
      return state.remove(id: id)
    }
    return { removed?.token.cancel() }
  }

  /// Forgets the binding stored under `id`, if it is still there. The entry is released after the
  /// lock, since releasing a token can run arbitrary `deinit`s.
  func remove(id: UInt64) {
    let removed = state.withLock { $0.remove(id: id) }
    _ = removed
  }
}

extension AnyCancellable {
  /// Keeps this binding in `bag` as well, so emptying the bag ends it, whichever owner made it.
  ///
  /// A reused cell makes bindings in both directions; the ones from the cell to its view model
  /// (`~>`) belong to the view model's bag, so the old view model would still hear the cell after
  /// reuse. Storing every binding in the cell's own bag ends them all in `prepareForReuse`:
  ///
  /// ```swift
  /// func configure(with viewModel: RowViewModel) {
  ///   (titleLabel.reactive.text <~ viewModel.$title).store(in: bindings)
  ///   (button.taps ~> viewModel.reactive.select).store(in: bindings)
  /// }
  /// override func prepareForReuse() {
  ///   bindings.removeAll()   // ends both bindings; the old view model hears nothing more
  /// }
  /// ```
  ///
  /// A binding that ends (its source completes, its other owner is deallocated) leaves every bag
  /// that holds it only when that bag is emptied or deallocated; the entry is a cancelled token
  /// until then.
  public func store(in bag: BindingBag, fileID: String = #fileID, line: UInt = #line) {
    bag.insert(self, target: "stored binding", fileID: fileID, line: line)
  }
}

/// A description of one live binding: what it writes and where it was made.
///
/// ```swift
/// let record = BindingRecord(target: "\\Label.text", fileID: "App/View.swift", line: 12)
/// print(record)   // prints "\Label.text ← bound at App/View.swift:12"
/// ```
public struct BindingRecord: Hashable, Sendable, CustomStringConvertible {
  /// What the binding writes, e.g. `\Label.text`.
  public var target: String
  /// The file the binding was made in, when known.
  public var fileID: String?
  /// The line the binding was made on, when known.
  public var line: UInt?

  /// Creates a record.
  public init(target: String, fileID: String? = nil, line: UInt? = nil) {
    self.target = target
    self.fileID = fileID
    self.line = line
  }

  /// What the binding writes and where it was made, or a hint to use `bind(to:)` when that is unknown.
  public var description: String {
    guard let fileID, let line else { return "\(target) ← bound with an operator (use bind(to:) to record where)" }
    return "\(target) ← bound at \(fileID):\(line)"
  }
}

/// Where a binding was made, when the call that made it said (`bind(to:)`, `BindingBag.insert`):
/// an object, so that a bag's entry for the many bindings made with operators, which cannot say,
/// holds one empty reference.
@usableFromInline
final class BindingLocation: Sendable {
  let fileID: String
  let line: UInt

  private init(fileID: String, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// The place last made, which the next binding made at the same place shares: a loop that binds
  /// from one line (a list's rows, an owner's many bindings) keeps one object, not one per binding.
  private static let last = Locked<BindingLocation?>(nil)

  /// The place `fileID` and `line` name, or `nil` when either is unknown. (Not a failable
  /// initialiser: a class's allocates the object before it can fail, and frees it again, for every
  /// binding made with an operator, which knows no place.)
  @usableFromInline
  static func at(fileID: String?, line: UInt?) -> BindingLocation? {
    guard let fileID, let line else { return nil }
    return last.withLock { last in
      // `#fileID` is a literal: two made at one place compare equal on their first word.
      if let last, last.line == line, last.fileID == fileID { return last }
      let made = BindingLocation(fileID: fileID, line: line)
      last = made
      return made
    }
  }
}

/// A binding's place in an owner's bag, so that it can leave the bag when it ends.
@usableFromInline
struct BindingBagRegistration: Sendable {
  weak var bag: BindingBag?
  let id: UInt64

  @usableFromInline
  init(bag: BindingBag, id: UInt64) {
    self.bag = bag
    self.id = id
  }

  func remove() {
    bag?.remove(id: id)
  }
}
