/// One event of an observable dictionary: its contents after the change, and the change.
public typealias ObservableDictionaryEvent<Key: Hashable, Value> = CollectionEvent<
  [Key: Value], DictionaryChangeset<Key>
>

/// A read-only dictionary that tells its subscribers which keys each change added, removed or
/// updated.
///
/// ```swift
/// let scores = MutableObservableDictionary(["ada": 1])
/// let view: ObservableDictionary<String, Int> = scores
/// let token = view.sink { print($0.contents, $0.change) }   // prints "["ada": 1] reset"
/// scores["ada"] = 2                                           // prints "["ada": 2] updated ["ada"]"
/// ```
///
/// Subscribing replays the current contents with a ``UnorderedChangeset/reset`` change. A publisher
/// for `<~` and every operator; it never fails nor completes. Safe to use from any thread. The
/// keys' `hash(into:)` and `==` are your code, so they never run while the dictionary holds its
/// lock (see ``MutableObservableDictionary``).
public class ObservableDictionary<Key: Hashable, Value>: Publisher {
  /// The events: the contents after each change, and the change.
  public typealias Output = ObservableDictionaryEvent<Key, Value>
  /// An observable dictionary never fails.
  public typealias Failure = Never

  @usableFromInline let core: CollectionCore<[Key: Value], DictionaryChangeset<Key>>

  @usableFromInline
  init(core: CollectionCore<[Key: Value], DictionaryChangeset<Key>>) {
    self.core = core
  }

  /// A read-only dictionary whose contents never change.
  ///
  /// ```swift
  /// print(ObservableDictionary(["a": 1]).count)   // prints "1"
  /// ```
  public convenience init(_ contents: [Key: Value]) {
    self.init(core: CollectionCore(contents: contents, resetChange: .reset))
  }

  /// The current contents.
  ///
  /// - Complexity: O(1); the dictionary shares its storage until one side changes.
  @inlinable
  public final var contents: [Key: Value] { core.contents }

  /// The number of keys now.
  @inlinable
  public final var count: Int { core.read { $0.count } }

  /// Whether the dictionary is empty now.
  @inlinable
  public final var isEmpty: Bool { core.read { $0.isEmpty } }

  /// The value for `key` now, or `nil`.
  ///
  /// ```swift
  /// print(ObservableDictionary(["a": 1])["a"] ?? 0)   // prints "1"
  /// ```
  @inlinable
  public subscript(key: Key) -> Value? {
    core.contents[key]
  }

  /// Attaches `subscriber`: it receives the current contents on its first demand, then every change.
  ///
  /// Each subscription keeps the dictionary alive.
  @inlinable
  public final func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    core.attach(subscriber, keepAlive: self)
  }
}

/// A dictionary you edit like a Swift dictionary, that tells its subscribers which keys each change
/// added, removed or updated.
///
/// ```swift
/// let scores = MutableObservableDictionary<String, Int>()
/// let token = scores.dropFirst().sink { print($0.change) }
/// scores["ada"] = 1                          // prints "inserted ["ada"]"
/// scores.updateValue(2, forKey: "ada")       // prints "updated ["ada"]"
/// scores.batchUpdate { entries in
///   entries["ada"] = nil
///   entries["grace"] = 3
/// }                                          // prints "inserted ["grace"], removed ["ada"]"
/// ```
///
/// Each edit sends one event, in edit order, from any thread. The keys' `hash(into:)` and `==` never
/// run under a lock, and no thread waits for them: an edit changes a second copy of the contents
/// that only it holds, and swaps it in if no other edit came in between (otherwise it runs again on
/// the new contents).
///
/// - Complexity: setting or removing one key is O(1) amortized when no subscriber holds an earlier
///   event's contents and edits do not overlap; the dictionary keeps two copies of its contents.
///   ``batchUpdate(_:)``, ``removeAll()`` and `replace(with:)` are O(*n*).
public final class MutableObservableDictionary<Key: Hashable, Value>: ObservableDictionary<Key, Value> {
  /// The second copy of the contents that edits change in place (see `SpareContents`).
  @usableFromInline let spare = SpareSlot<[Key: Value]>(nil)

  /// Creates a dictionary holding `contents`.
  ///
  /// ```swift
  /// print(MutableObservableDictionary(["a": 1]).count)   // prints "1"
  /// ```
  public init(_ contents: [Key: Value] = [:]) {
    super.init(core: CollectionCore(contents: contents, resetChange: .reset))
  }

  /// The value for `key`. Setting a value inserts or updates the key; setting `nil` removes it.
  ///
  /// ```swift
  /// let scores = MutableObservableDictionary(["a": 1])
  /// scores["a"] = nil
  /// print(scores.isEmpty)   // prints "true"
  /// ```
  @inlinable
  public override subscript(key: Key) -> Value? {
    get { core.contents[key] }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Sets the value for `key` and returns the value it replaced, if any.
  ///
  /// ```swift
  /// let scores = MutableObservableDictionary(["a": 1])
  /// print(scores.updateValue(2, forKey: "a") ?? 0)   // prints "1"
  /// ```
  @discardableResult
  @inlinable
  public func updateValue(_ value: Value, forKey key: Key) -> Value? {
    core.editOutsideLock(spare: spare) { contents in
      let old = contents.updateValue(value, forKey: key)
      return (old == nil ? DictionaryChangeset(inserted: [key]) : DictionaryChangeset(updated: [key]), old)
    } redo: { contents in
      contents.updateValue(value, forKey: key)
    }
  }

  /// Removes `key` and returns its value, or returns `nil` (and sends nothing) if it was not there.
  @discardableResult
  @inlinable
  public func removeValue(forKey key: Key) -> Value? {
    core.editOutsideLock(spare: spare) { contents in
      let old = contents.removeValue(forKey: key)
      return (old == nil ? nil : DictionaryChangeset(removed: [key]), old)
    } redo: { contents in
      contents.removeValue(forKey: key)
    }
  }

  /// Removes every key, in one event.
  public func removeAll() {
    core.editOutsideLock(spare: spare, isBatch: true) { contents in
      let removed = Set(contents.keys)
      contents = [:]
      return (removed.isEmpty ? nil : DictionaryChangeset(removed: removed), ())
    }
  }

  /// Replaces the contents with `contents`: keys that went are removed, new keys inserted, and keys
  /// on both sides updated.
  ///
  /// ```swift
  /// let scores = MutableObservableDictionary(["a": 1, "b": 2])
  /// let token = scores.dropFirst().sink { print($0.change) }
  /// scores.replace(with: ["b": 3])   // prints "removed ["a"], updated ["b"]"
  /// ```
  ///
  /// When the values are `Equatable`, only keys whose value changed are updates.
  public func replace(with contents: [Key: Value]) {
    replace(with: contents, isSame: { _, _ in false })
  }

  /// Applies several edits as one event that lists every key added, removed or set.
  ///
  /// ```swift
  /// let scores = MutableObservableDictionary(["a": 1])
  /// let token = scores.dropFirst().sink { print($0.change) }
  /// scores.batchUpdate { entries in
  ///   entries["a"] = 2
  ///   entries.removeValue(forKey: "a")
  /// }                                          // prints "removed ["a"]"
  /// ```
  ///
  /// `body` edits a copy of the contents, without any lock held. If another thread edits the
  /// dictionary while `body` runs, `body` runs again on the new contents, so that no edit is lost;
  /// for the same reason `body` must edit only its argument, never this dictionary. A batch that
  /// changes nothing sends nothing.
  @discardableResult
  public func batchUpdate<Result>(_ body: (inout DictionaryBatch<Key, Value>) throws -> Result) rethrows -> Result {
    try core.editOutsideLock(spare: spare, isBatch: true) { contents in
      var batch = DictionaryBatch(contents)
      contents = [:]
      let result = try body(&batch)
      let change = batch.changeset
      contents = batch.takeContents()
      return (change.isEmpty ? nil : change, result)
    }
  }

  /// Replaces the contents, treating keys on both sides whose values are the same by `isSame` as
  /// unchanged.
  func replace(with newContents: [Key: Value], isSame: (Value, Value) -> Bool) {
    core.editOutsideLock(spare: spare, isBatch: true) { contents in
      var change = DictionaryChangeset<Key>()
      var inserted = Set<Key>()
      var updated = Set<Key>()
      for (key, value) in newContents {
        if let old = contents[key] {
          if !isSame(old, value) { updated.insert(key) }
        } else {
          inserted.insert(key)
        }
      }
      let removed = Set(contents.keys.filter { newContents[$0] == nil })
      change = DictionaryChangeset(inserted: inserted, removed: removed, updated: updated)
      contents = newContents
      return (change.isEmpty ? nil : change, ())
    }
  }
}

extension MutableObservableDictionary where Value: Equatable {
  /// Replaces the contents with `contents`: keys that went are removed, new keys inserted, and keys
  /// whose value changed updated.
  ///
  /// ```swift
  /// let scores = MutableObservableDictionary(["a": 1, "b": 2])
  /// let token = scores.dropFirst().sink { print($0.change) }
  /// scores.replace(with: ["b": 3])   // prints "removed ["a"], updated ["b"]"
  /// ```
  public func replace(with contents: [Key: Value]) {
    replace(with: contents, isSame: ==)
  }
}

/// The edits of one ``MutableObservableDictionary/batchUpdate(_:)``: a dictionary you edit like a
/// Swift dictionary, which remembers the keys it touched so that the batch's change is exact.
///
/// ```swift
/// let scores = MutableObservableDictionary(["a": 1])
/// scores.batchUpdate { entries in
///   entries["b"] = 2
///   print(entries.contents.count)   // prints "2"
/// }
/// ```
public struct DictionaryBatch<Key: Hashable, Value> {
  /// The contents as edited so far.
  public private(set) var contents: [Key: Value]
  private let original: [Key: Value]
  private var touched = Set<Key>()

  init(_ contents: [Key: Value]) {
    self.contents = contents
    original = contents
  }

  /// The change from the contents before the batch to ``contents``.
  var changeset: DictionaryChangeset<Key> {
    var inserted = Set<Key>()
    var removed = Set<Key>()
    var updated = Set<Key>()
    for key in touched {
      switch (original[key] != nil, contents[key] != nil) {
      case (true, true): updated.insert(key)
      case (true, false): removed.insert(key)
      case (false, true): inserted.insert(key)
      case (false, false): break
      }
    }
    return DictionaryChangeset(inserted: inserted, removed: removed, updated: updated)
  }

  /// Hands over the contents, so that they are not shared with this batch.
  mutating func takeContents() -> [Key: Value] {
    let taken = contents
    contents = [:]
    return taken
  }

  /// The value for `key`; setting a value inserts or updates the key, setting `nil` removes it.
  public subscript(key: Key) -> Value? {
    get { contents[key] }
    set {
      touched.insert(key)
      contents[key] = newValue
    }
  }

  /// Sets the value for `key` and returns the value it replaced, if any.
  @discardableResult
  public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    touched.insert(key)
    return contents.updateValue(value, forKey: key)
  }

  /// Removes `key` and returns its value, if it had one.
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    touched.insert(key)
    return contents.removeValue(forKey: key)
  }

  /// Removes every key.
  public mutating func removeAll() {
    touched.formUnion(contents.keys)
    contents.removeAll()
  }
}

// Sendable when what it holds is: its contents and events cross threads as a subject's values do (an
// edit on one thread is delivered on another). Its state is behind its core's lock, so the conformance
// is vouched for; each subclass restates it, as Swift requires.
extension ObservableDictionary: @unchecked Sendable where Key: Sendable, Value: Sendable {}
extension MutableObservableDictionary: @unchecked Sendable where Key: Sendable, Value: Sendable {}
