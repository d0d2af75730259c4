/// One event of an observable array: its contents after the change, and the change.
///
/// ```swift
/// let numbers = MutableObservableArray([1, 2])
/// let token = numbers.sink { (event: ObservableArrayEvent<Int>) in print(event.contents, event.change) }
/// // prints "[1, 2] reset"
/// ```
public typealias ObservableArrayEvent<Element> = CollectionEvent<[Element], ArrayChangeset>

/// A read-only array that tells its subscribers exactly how it changes.
///
/// Subscribing replays the current contents (with a ``ArrayChangeset/reset`` change); each later
/// event carries the new contents and the inserts, deletes, updates and moves that produced them:
///
/// ```swift
/// let results = MutableObservableArray(["a", "b"])
/// let view: ObservableArray<String> = results
/// let token = view.sink { print($0.contents, $0.change) }
/// // prints "["a", "b"] reset"
/// results.insert("c", at: 0)
/// // prints "["c", "a", "b"] inserts [0]"
/// ```
///
/// It is a `RandomAccessCollection` of its current contents, a publisher for `<~` and every
/// operator, and it never fails nor completes. `map(_:)`, `filter(_:)`, `compactMap(_:)` and
/// `sorted(by:)` derive arrays whose events are exact for their own contents.
///
/// Being all three, `map` and `filter` have one meaning here: their closures take elements and they
/// derive arrays. The publisher's `map` over events is one annotation away, and a plain array of
/// the current contents one property away:
///
/// ```swift
/// let counts = numbers.map { (event: ObservableArrayEvent<Int>) in event.contents.count }   // a publisher
/// let labels = numbers.contents.map { "#\($0)" }                                            // [String], now
/// ```
///
/// Safe to use from any thread: events reach every subscriber in edit order, and deliveries to one
/// subscriber never overlap. `count`, `first`, `last` and `for … in` each read one moment's
/// contents; other `Collection` algorithms read element by element, so read ``contents`` once when
/// you need a consistent view while other threads edit.
public class ObservableArray<Element>: Publisher, RandomAccessCollection {
  /// One event per change: the contents after it and the change; the first event replays the contents.
  public typealias Output = ObservableArrayEvent<Element>
  /// This publisher never fails.
  public typealias Failure = Never
  /// Elements are addressed by their offset, from zero.
  public typealias Index = Int

  @usableFromInline let core: CollectionCore<[Element], ArrayChangeset>
  /// For a derived array: the subscription to its source, cancelled when this array is released.
  private let derivation: AnyCancellable?

  @usableFromInline
  init(core: CollectionCore<[Element], ArrayChangeset>, derivation: AnyCancellable? = nil) {
    self.core = core
    self.derivation = derivation
  }

  /// A read-only array whose contents never change.
  ///
  /// ```swift
  /// print(ObservableArray([1, 2]).contents)   // prints "[1, 2]"
  /// ```
  public convenience init(_ elements: [Element]) {
    self.init(core: CollectionCore(contents: elements, resetChange: .reset))
  }

  /// The current contents.
  ///
  /// - Complexity: O(1); the array shares its storage until one side changes.
  @inlinable
  public final var contents: [Element] {
    core.contents
  }

  /// The offset of the first element: always zero.
  @inlinable
  public final var startIndex: Int { 0 }

  /// One past the offset of the last element: the current count.
  @inlinable
  public final var endIndex: Int {
    core.read { $0.count }
  }

  // The reads are inlinable, and `receive(subscriber:)` final and inlinable too: run unspecialised, a
  // read looked up the element type's metadata (about 2,000 instructions), and a subscription made
  // through the class's method table ran every event through unspecialised code.

  /// The element at `position` in the current contents.
  @inlinable
  public subscript(position: Int) -> Element {
    core.read { contents in
      precondition(contents.indices.contains(position), "index \(position) is out of range (count \(contents.count))")
      return contents[position]
    }
  }

  // Other threads may edit between two reads, so every member below reads the contents once: the
  // defaults would read the count several times (`count` as `endIndex - startIndex` with a range
  // check between them, an iterator asking for `endIndex` at each step) and trap when it shrank.
  // Index arithmetic is unchecked, as `Array`'s is; the subscript checks against the contents it reads.

  /// The number of elements now, read once.
  @inlinable
  public final var count: Int { core.read { $0.count } }

  /// Whether there are no elements now, read once.
  @inlinable
  public final var isEmpty: Bool { core.read { $0.isEmpty } }

  /// The first element now, if any, read with the count in one step.
  @inlinable
  public final var first: Element? { core.read { $0.first } }

  /// The last element now, if any, read with the count in one step.
  @inlinable
  public final var last: Element? { core.read { $0.last } }

  /// The number of elements now, read once.
  @inlinable
  public final var underestimatedCount: Int { count }

  /// Iterates over the contents as they are when iteration starts; later edits do not show.
  ///
  /// ```swift
  /// for value in array { print(value) }   // the contents of one moment, whatever other threads do
  /// ```
  @inlinable
  public final func makeIterator() -> IndexingIterator<[Element]> { contents.makeIterator() }

  /// `i + 1`.
  @inlinable
  public final func index(after i: Int) -> Int { i + 1 }

  /// `i - 1`.
  @inlinable
  public final func index(before i: Int) -> Int { i - 1 }

  /// `i + distance`.
  @inlinable
  public final func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }

  /// `end - start`.
  @inlinable
  public final func distance(from start: Int, to end: Int) -> Int { end - start }

  /// Each subscription keeps the array alive, so a derived array followed by a binding lives as
  /// long as the binding does.
  @inlinable
  public final func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    core.attach(subscriber, keepAlive: self)
  }
}

// Sendable when what it holds is: its contents and events cross threads as a subject's values do (an
// edit on one thread is delivered on another). Its state is behind its core's lock, so the conformance
// is vouched for; each subclass restates it, as Swift requires.
extension ObservableArray: @unchecked Sendable where Element: Sendable {}
