/// How an unordered collection changed in one event: the members (of a set) or keys (of a
/// dictionary) that were inserted, removed or updated. ``SetChangeset`` and
/// ``DictionaryChangeset`` are its two names.
///
/// ```swift
/// let tags = MutableObservableSet(["swift"])
/// let token = tags.dropFirst().sink { print($0.change) }
/// tags.insert("ios")   // prints "inserted ["ios"]"
/// tags.remove("swift")  // prints "removed ["swift"]"
/// ```
///
/// A set or a dictionary has no order, so the change names members or keys, not offsets. The three
/// sets are disjoint.
public struct UnorderedChangeset<Element: Hashable>: Hashable, CustomStringConvertible {
  /// Members (keys) that are in the collection after the change and were not before.
  public private(set) var inserted: Set<Element>
  /// Members (keys) that were in the collection before the change and are not after.
  public private(set) var removed: Set<Element>
  /// Members replaced by an equal one (`update(with:)`), or keys whose value was set: in the
  /// collection before and after.
  public private(set) var updated: Set<Element>
  /// Whether the whole contents were replaced without a description of the change (the first event).
  public private(set) var isReset: Bool

  /// A changeset made of the given members.
  ///
  /// ```swift
  /// let change = SetChangeset(inserted: [1], removed: [2])
  /// print(change.inserted)   // prints "[1]"
  /// ```
  public init(inserted: Set<Element> = [], removed: Set<Element> = [], updated: Set<Element> = []) {
    self.inserted = inserted
    self.removed = removed
    self.updated = updated
    self.isReset = false
  }

  /// The contents were replaced as a whole.
  ///
  /// ```swift
  /// print(SetChangeset<Int>.reset.isReset)   // prints "true"
  /// ```
  public static var reset: UnorderedChangeset {
    var change = UnorderedChangeset()
    change.isReset = true
    return change
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { !isReset && inserted.isEmpty && removed.isEmpty && updated.isEmpty }

  /// The inserted, removed and updated members, as `inserted [3], removed [1]`.
  public var description: String {
    if isReset { return "reset" }
    var parts: [String] = []
    if !inserted.isEmpty { parts.append("inserted \(Array(inserted))") }
    if !removed.isEmpty { parts.append("removed \(Array(removed))") }
    if !updated.isEmpty { parts.append("updated \(Array(updated))") }
    return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
  }

  /// Applies this change to `set`, the contents before the change, taking inserted and updated
  /// members from `newContents`, the contents after it.
  ///
  /// ```swift
  /// var copy: Set = [1, 2]
  /// try SetChangeset(inserted: [3], removed: [1]).apply(to: &copy, newContents: [2, 3])
  /// print(copy == [2, 3])   // prints "true"
  /// ```
  ///
  /// - Throws: ``ArrayChangeset/MismatchError`` when a removed or updated member is missing, an
  ///   inserted one is already there, or one is not in `newContents`; `set` is then left unchanged.
  @inlinable
  public func apply(to set: inout Set<Element>, newContents: Set<Element>) throws(ArrayChangeset.MismatchError) {
    if isReset {
      set = newContents
      return
    }
    var result = set
    for member in removed {
      guard result.remove(member) != nil else {
        throw ArrayChangeset.MismatchError(description: "removed member \(member) is not in the set")
      }
    }
    for member in updated {
      guard let index = newContents.firstIndex(of: member), result.contains(member) else {
        throw ArrayChangeset.MismatchError(description: "updated member \(member) is not in both contents")
      }
      result.update(with: newContents[index])
    }
    for member in inserted {
      guard let index = newContents.firstIndex(of: member), !result.contains(member) else {
        throw ArrayChangeset.MismatchError(description: "inserted member \(member) is already there or not new")
      }
      result.insert(newContents[index])
    }
    set = result
  }

  /// Applies this change to `dictionary`, the contents before the change, taking the values of
  /// inserted and updated keys from `newContents`, the contents after it.
  ///
  /// ```swift
  /// var copy = ["a": 1, "b": 2]
  /// try DictionaryChangeset(removed: ["a"], updated: ["b"]).apply(to: &copy, newContents: ["b": 3])
  /// print(copy)   // prints "["b": 3]"
  /// ```
  ///
  /// - Throws: ``ArrayChangeset/MismatchError`` when a removed or updated key is missing, an inserted
  ///   one is already there, or one does not fit `newContents`; `dictionary` is then left unchanged.
  @inlinable
  public func apply<Value>(
    to dictionary: inout [Element: Value],
    newContents: [Element: Value]
  ) throws(ArrayChangeset.MismatchError) {
    if isReset {
      dictionary = newContents
      return
    }
    var result = dictionary
    for key in removed {
      guard result.removeValue(forKey: key) != nil, newContents[key] == nil else {
        throw ArrayChangeset.MismatchError(description: "removed key \(key) is not there before or still there after")
      }
    }
    for key in updated {
      guard let value = newContents[key], result[key] != nil else {
        throw ArrayChangeset.MismatchError(description: "updated key \(key) is not in both contents")
      }
      result[key] = value
    }
    for key in inserted {
      guard let value = newContents[key], result[key] == nil else {
        throw ArrayChangeset.MismatchError(description: "inserted key \(key) is already there or not new")
      }
      result[key] = value
    }
    dictionary = result
  }
}

extension UnorderedChangeset: Sendable where Element: Sendable {}

/// How a set changed in one event: the members that were inserted, removed or replaced by an
/// equal one.
///
/// ```swift
/// let tags = MutableObservableSet(["swift"])
/// let token = tags.dropFirst().sink { print($0.change) }
/// tags.insert("ios")   // prints "inserted ["ios"]"
/// ```
public typealias SetChangeset<Element: Hashable> = UnorderedChangeset<Element>

/// How a dictionary changed in one event: the keys that were added, removed or given a new value.
///
/// ```swift
/// let scores = MutableObservableDictionary(["ada": 1])
/// let token = scores.dropFirst().sink { print($0.change) }
/// scores["grace"] = 2   // prints "inserted ["grace"]"
/// scores["ada"] = 3     // prints "updated ["ada"]"
/// scores["ada"] = nil   // prints "removed ["ada"]"
/// ```
public typealias DictionaryChangeset<Key: Hashable> = UnorderedChangeset<Key>
