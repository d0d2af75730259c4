/// One event of an observable set: its members after the change, and the change.
public typealias ObservableSetEvent<Element: Hashable> = CollectionEvent<Set<Element>, SetChangeset<Element>>

/// A read-only set that tells its subscribers which members each change inserted, removed or
/// updated.
///
/// ```swift
/// let tags = MutableObservableSet(["swift"])
/// let view: ObservableSet<String> = tags
/// let token = view.sink { print($0.contents, $0.change) }   // prints "["swift"] reset"
/// tags.remove("swift")                                        // prints "[] removed ["swift"]"
/// ```
///
/// Subscribing replays the current members with a ``UnorderedChangeset/reset`` change. A publisher for
/// `<~` and every operator; it never fails nor completes. Safe to use from any thread.
///
/// The members' `hash(into:)` and `==` are your code, so they never run while the set holds its
/// lock: an edit works on a copy of the members that only it holds and commits only if no other edit
/// came first (otherwise it runs again on the new contents), and `contains(_:)` looks into a
/// snapshot.
public class ObservableSet<Element: Hashable>: Publisher {
  /// The events: the members after each change, and the change.
  public typealias Output = ObservableSetEvent<Element>
  /// An observable set never fails.
  public typealias Failure = Never

  @usableFromInline let core: CollectionCore<Set<Element>, SetChangeset<Element>>

  @usableFromInline
  init(core: CollectionCore<Set<Element>, SetChangeset<Element>>) {
    self.core = core
  }

  /// A read-only set whose members never change.
  ///
  /// ```swift
  /// print(ObservableSet([1]).count)   // prints "1"
  /// ```
  public convenience init(_ members: Set<Element>) {
    self.init(core: CollectionCore(contents: members, resetChange: .reset))
  }

  /// The current members.
  ///
  /// - Complexity: O(1); the set shares its storage until one side changes.
  @inlinable
  public final var contents: Set<Element> { core.contents }

  /// The number of members now.
  @inlinable
  public final var count: Int { core.read { $0.count } }

  /// Whether the set has no members now.
  @inlinable
  public final var isEmpty: Bool { core.read { $0.isEmpty } }

  /// Whether `member` is in the set now.
  ///
  /// ```swift
  /// print(ObservableSet([1, 2]).contains(2))   // prints "true"
  /// ```
  @inlinable
  public func contains(_ member: Element) -> Bool {
    core.contents.contains(member)
  }

  /// Attaches `subscriber`: it receives the current members on its first demand, then every change.
  ///
  /// Each subscription keeps the set alive.
  @inlinable
  public final func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    core.attach(subscriber, keepAlive: self)
  }
}

/// A set you edit like a Swift set, that tells its subscribers which members each change inserted,
/// removed or updated.
///
/// ```swift
/// let tags = MutableObservableSet<String>()
/// let token = tags.dropFirst().sink { print($0.change) }
/// tags.insert("swift")                 // prints "inserted ["swift"]"
/// tags.insert("swift")                 // nothing: already a member
/// tags.batchUpdate { members in
///   members.remove("swift")
///   members.insert("ios")
/// }                                    // prints "inserted ["ios"], removed ["swift"]"
/// ```
///
/// Each edit sends one event, in edit order, from any thread. The members' `hash(into:)` and `==`
/// never run under a lock, and no thread waits for them: an edit changes a second copy of the
/// members that only it holds, and swaps it in if no other edit came in between (otherwise it runs
/// again on the new members).
///
/// - Complexity: `insert`, `update(with:)` and `remove` are O(1) amortized when no subscriber holds an
///   earlier event's members and edits do not overlap; the set keeps two copies of its members.
///   ``batchUpdate(_:)``, ``formUnion(_:)``, ``subtract(_:)``, ``removeAll()`` and
///   ``replace(with:)`` are O(*n*).
public final class MutableObservableSet<Element: Hashable>: ObservableSet<Element> {
  /// The second copy of the members that edits change in place (see `SpareContents`).
  @usableFromInline let spare = SpareSlot<Set<Element>>(nil)

  /// Creates a set holding `members`.
  ///
  /// ```swift
  /// print(MutableObservableSet([1, 1, 2]).count)   // prints "2"
  /// ```
  public init(_ members: Set<Element> = []) {
    super.init(core: CollectionCore(contents: members, resetChange: .reset))
  }

  /// Inserts `member` if it is not already there; an insert sends an event.
  ///
  /// ```swift
  /// let tags = MutableObservableSet(["a"])
  /// print(tags.insert("a").inserted)   // prints "false"
  /// ```
  @discardableResult
  @inlinable
  public func insert(_ member: Element) -> (inserted: Bool, memberAfterInsert: Element) {
    core.editOutsideLock(spare: spare) { members in
      let result = members.insert(member)
      return (result.inserted ? SetChangeset(inserted: [member]) : nil, result)
    } redo: { members in
      members.insert(member)
    }
  }

  /// Inserts `member`, replacing an equal member if there is one (sent as an update), and returns
  /// the member it replaced.
  ///
  /// ```swift
  /// let tags = MutableObservableSet(["a"])
  /// print(tags.update(with: "a") ?? "none")   // prints "a"
  /// ```
  @discardableResult
  @inlinable
  public func update(with member: Element) -> Element? {
    core.editOutsideLock(spare: spare) { members in
      let old = members.update(with: member)
      return (old == nil ? SetChangeset(inserted: [member]) : SetChangeset(updated: [member]), old)
    } redo: { members in
      members.update(with: member)
    }
  }

  /// Removes `member` and returns it, or returns `nil` (and sends nothing) if it was not there.
  ///
  /// ```swift
  /// let tags = MutableObservableSet(["a"])
  /// print(tags.remove("a") ?? "none")   // prints "a"
  /// ```
  @discardableResult
  @inlinable
  public func remove(_ member: Element) -> Element? {
    core.editOutsideLock(spare: spare) { members in
      let removed = members.remove(member)
      return (removed.map { SetChangeset(removed: [$0]) }, removed)
    } redo: { members in
      members.remove(member)
    }
  }

  /// Inserts the members of `other` that are not already there, in one event.
  public func formUnion<S: Sequence>(_ other: S) where S.Element == Element {
    let added = Set(other)
    batch { members in
      let inserted = added.subtracting(members)
      members.formUnion(inserted)
      return (inserted.isEmpty ? nil : SetChangeset(inserted: inserted), ())
    }
  }

  /// Removes the members of `other`, in one event.
  public func subtract<S: Sequence>(_ other: S) where S.Element == Element {
    let taken = Set(other)
    batch { members in
      let removed = members.intersection(taken)
      members.subtract(removed)
      return (removed.isEmpty ? nil : SetChangeset(removed: removed), ())
    }
  }

  /// Removes every member, in one event.
  public func removeAll() {
    batch { members in
      let removed = members
      members = []
      return (removed.isEmpty ? nil : SetChangeset(removed: removed), ())
    }
  }

  /// Replaces the members with `members`, sending the members that were inserted and removed.
  ///
  /// ```swift
  /// let tags = MutableObservableSet([1, 2])
  /// let token = tags.dropFirst().sink { print($0.change) }
  /// tags.replace(with: [2, 3])   // prints "inserted [3], removed [1]"
  /// ```
  public func replace(with members: Set<Element>) {
    batchUpdate { $0 = members }
  }

  /// Applies several edits as one event that lists every member inserted and removed.
  ///
  /// ```swift
  /// let tags = MutableObservableSet(["a"])
  /// tags.batchUpdate { members in
  ///   members.insert("b")
  ///   members.insert("c")
  /// }
  /// print(tags.count)   // prints "3"
  /// ```
  ///
  /// `body` edits a copy of the members, without any lock held. If another thread edits the set
  /// while `body` runs, `body` runs again on the new members, so that no edit is lost; for the same
  /// reason `body` must edit only its argument, never this set. A batch that changes nothing sends
  /// nothing.
  ///
  /// The event lists the members inserted and removed, found by comparing the members before and
  /// after with `==`. A member replaced by an equal one inside the batch (`update(with:)`) is therefore
  /// not a change: the event does not report it, and a batch that changes nothing else commits
  /// nothing, so the replacement is not kept. To replace a member, call ``update(with:)`` outside a
  /// batch: it stores the new member and sends it as an update.
  ///
  /// - Complexity: O(*n*) for the copy and the comparison of the members before and after.
  @discardableResult
  public func batchUpdate<Result>(_ body: (inout Set<Element>) throws -> Result) rethrows -> Result {
    try batch { members in
      let old = members
      let result = try body(&members)
      let change = SetChangeset(inserted: members.subtracting(old), removed: old.subtracting(members))
      return (change.isEmpty ? nil : change, result)
    }
  }

  /// Runs `body` outside the lock and commits its result if no edit came in between; otherwise runs
  /// it again on the new contents. A `nil` change commits nothing.
  private func batch<Result>(
    _ body: (inout Set<Element>) throws -> (change: SetChangeset<Element>?, result: Result)
  ) rethrows -> Result {
    try core.editOutsideLock(spare: spare, isBatch: true, body)
  }
}

// Sendable when what it holds is: its contents and events cross threads as a subject's values do (an
// edit on one thread is delivered on another). Its state is behind its core's lock, so the conformance
// is vouched for; each subclass restates it, as Swift requires.
extension ObservableSet: @unchecked Sendable where Element: Sendable {}
extension MutableObservableSet: @unchecked Sendable where Element: Sendable {}
