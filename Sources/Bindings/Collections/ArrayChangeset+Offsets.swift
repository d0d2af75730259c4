extension ArrayChangeset {
  /// The offsets of one kind of change, such as ``ArrayChangeset/deletes``: an array of `Int` that
  /// keeps no offset or one offset inline, so that an edit of one offset (an append, a removal, a
  /// set) allocates nothing for its changeset.
  ///
  /// It is a random-access, range-replaceable collection of `Int`, equal to other offsets with the
  /// same elements in the same order, and expressible by an array literal; `Array(offsets)` makes an
  /// array.
  ///
  /// ```swift
  /// let change = ArrayChangeset(deletes: [3, 1])
  /// print(change.deletes == [1, 3], change.deletes.count, change.deletes)   // prints "true 2 [1, 3]"
  /// let offsets: [Int] = Array(change.deletes)
  /// ```
  public struct Offsets: Sendable {
    /// An offset.
    public typealias Element = Int

    @usableFromInline
    enum Storage: Sendable {
      case none
      case one(Element)
      /// Two elements or more.
      case many([Element])
    }

    @usableFromInline var storage: Storage

    /// No offsets.
    ///
    /// ```swift
    /// print(ArrayChangeset.Offsets().isEmpty)   // prints "true"
    /// ```
    @inlinable
    public init() {
      storage = .none
    }

    /// The offsets in `elements`, in their order.
    ///
    /// ```swift
    /// print(ArrayChangeset.Offsets([4, 2]))   // prints "[4, 2]"
    /// ```
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
      self.init(array: Array(elements))
    }

    /// One offset, held inline.
    @inlinable
    init(one element: Element) {
      storage = .one(element)
    }

    @inlinable
    init(array: [Element]) {
      switch array.count {
      case 0: storage = .none
      case 1: storage = .one(array[0])
      default: storage = .many(array)
      }
    }
  }
}

extension ArrayChangeset.Offsets: RandomAccessCollection, MutableCollection {
  /// The first position, 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the last offset: the count.
  @inlinable
  public var endIndex: Int {
    switch storage {
    case .none: 0
    case .one: 1
    case .many(let elements): elements.count
    }
  }

  /// The offset at `position`, counted from 0: `change.deletes[0]` is the lowest deleted offset.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      switch storage {
      case .one(let element):
        precondition(position == 0, "index \(position) is out of range (count 1)")
        return element
      case .many(let elements):
        return elements[position]
      case .none:
        preconditionFailure("index \(position) is out of range (count 0)")
      }
    }
    set {
      switch storage {
      case .one:
        precondition(position == 0, "index \(position) is out of range (count 1)")
        storage = .one(newValue)
      case .many(var elements):
        storage = .none
        elements[position] = newValue
        storage = .many(elements)
      case .none:
        preconditionFailure("index \(position) is out of range (count 0)")
      }
    }
  }
}

extension ArrayChangeset.Offsets: RangeReplaceableCollection {
  /// Replaces the offsets in `subrange` with `newElements`, as an array does.
  @inlinable
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    if case .none = storage, subrange.isEmpty, newElements.count == 1, let element = newElements.first {
      storage = .one(element)
      return
    }
    var elements = Array(self)
    storage = .none
    elements.replaceSubrange(subrange, with: newElements)
    self = Self(array: elements)
  }
}

extension ArrayChangeset.Offsets: ExpressibleByArrayLiteral {
  /// The literal's offsets: `let offsets: ArrayChangeset.Offsets = [1, 3]`.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(array: elements)
  }
}

extension ArrayChangeset.Offsets: Hashable {
  /// Whether the two hold the same offsets in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.none, .none): true
    case (.one(let left), .one(let right)): left == right
    default: lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
  }

  /// Hashes the offsets in order, so that equal offsets hash alike however they are held.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension ArrayChangeset.Offsets: CustomStringConvertible, CustomDebugStringConvertible {
  /// The offsets as an array prints them, such as `[1, 3]`.
  public var description: String { Array(self).description }

  /// The offsets as an array prints them, such as `[1, 3]`.
  public var debugDescription: String { Array(self).debugDescription }
}
