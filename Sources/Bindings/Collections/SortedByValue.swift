extension ObservableArray {
  /// A read-only array of the elements sorted in the order the latest value of `value` says, such
  /// as a table sorted by the column the user picked, with exact changes and no diff.
  ///
  /// ```swift
  /// let names = MutableObservableArray(["Grace", "Ada", "Alan"])
  /// let ascending = CurrentValueSubject<Bool, Never>(true)
  /// let sorted = names.sorted(by: ascending) { a, b, ascending in ascending ? a < b : a > b }
  /// let token = sorted.dropFirst().sink { print($0.contents, $0.change) }
  /// ascending.send(false)   // prints "["Grace", "Alan", "Ada"] moves [1→1, 2→0]"
  /// ```
  ///
  /// `areInIncreasingOrder` is a strict weak ordering for each value, as `sorted(by:)`'s is. When
  /// `value` sends, the elements are sorted once with the new order (elements the order finds equal
  /// keep the source's order) and the event carries the moves that take the old order to the new
  /// one: as few as can do it (the elements outside one longest run that kept its order), found
  /// from the positions the sort gave each element, without comparing or hashing elements. A new
  /// value that changes no position sends nothing. When the source changes, its change is mapped as
  /// ``sorted(by:)`` maps it, with the latest value: an inserted or updated element goes where the
  /// order puts it, after the elements equal to it. Until `value` sends its first value, the array
  /// is empty; when `value` finishes, the last order stays.
  ///
  /// Events are delivered in the order the source and `value` sent them, one at a time. If one
  /// arrives while another is being applied (from another thread, or from a subscriber of this
  /// array), it is queued and applied by the thread already applying, before that thread returns;
  /// so the sender may return before its change shows. The derived array keeps the source and its
  /// subscription to `value` alive while it is held or subscribed.
  ///
  /// The moves keep one longest run of elements in place and move the others, so an element may be
  /// reported as moved to the offset it already had (a reversed order of three elements may send
  /// `1→1` among its moves), which ``ArrayChangeset/apply(to:newContents:)`` applies as it should. A
  /// ``ListTarget`` applies each move as a removal and an insertion, so a new order that moves most
  /// rows costs about what a reload costs; BindingsGTK's lists splice the rows between the first
  /// and the last change once, keeping every row's object and so its selection.
  ///
  /// - Complexity: O(*n* log *n*) per value; per source event, as ``sorted(by:)``.
  public func sorted<Value: Publisher>(
    by value: Value,
    _ areInIncreasingOrder: @escaping (Element, Element, Value.Output) -> Bool
  ) -> ObservableArray<Element> where Value.Failure == Never {
    let core = CollectionCore<[Element], ArrayChangeset>(contents: [], resetChange: .reset)
    let deriver = SortingByValueDeriver<Element, Value.Output>(areInIncreasingOrder, core: core)
    return derived(
      core: core, by: value, value: { deriver.submit(.value($0)) }, source: { deriver.submit(.source($0)) })
  }
}

/// The state behind `ObservableArray.sorted(by:_:)` with an order that changes: the inputs are applied one at a
/// time, in the order they were submitted, by whichever thread found none being applied.
final class SortingByValueDeriver<Element, Value>: @unchecked Sendable {
  enum Input {
    case source(ObservableArrayEvent<Element>)
    case value(Value)
  }

  /// The latest value, read by the sorting deriver's comparison.
  private final class Order {
    var value: Value?
  }

  private let areInIncreasingOrder: (Element, Element, Value) -> Bool
  private let core: CollectionCore<[Element], ArrayChangeset>
  private let queue = Locked(DerivationQueue<Input>())
  private let liveObject = LiveObjectToken("SortingByValueDeriver")
  // The state below is reached only by the thread whose turn it is to apply.
  private let order = Order()
  /// The source's latest event, kept until the first value arrives.
  private var sourceContents: [Element] = []
  /// Maps the source's changes with the latest order, and keeps each element's place.
  private let sorting: SortingDeriver<Element>

  init(
    _ areInIncreasingOrder: @escaping (Element, Element, Value) -> Bool,
    core: CollectionCore<[Element], ArrayChangeset>
  ) {
    self.areInIncreasingOrder = areInIncreasingOrder
    self.core = core
    let order = self.order
    sorting = SortingDeriver { a, b in areInIncreasingOrder(a, b, order.value!) }
  }

  /// Applies `input` now, or leaves it to the thread that is applying.
  func submit(_ input: Input) {
    queue.submit(input, apply: apply)
  }

  private func apply(_ input: Input) {
    switch input {
    case .source(let event):
      sourceContents = event.contents
      // Before the first value the array stays empty; the first value sorts what the source holds.
      if order.value != nil { sorting.receive(event, into: core) }
    case .value(let newValue):
      let isFirst = order.value == nil
      order.value = newValue
      if isFirst {
        sorting.receive(ObservableArrayEvent(contents: sourceContents, change: .reset), into: core)
      } else {
        resort(with: newValue)
      }
    }
  }

  /// Sorts the elements with `value` and sends the moves from the old order to the new one.
  private func resort(with value: Value) {
    let source = sourceContents
    // Stable: elements the order finds equal keep the source's order.
    let newOrder = source.indices.sorted { first, second in
      if areInIncreasingOrder(source[first], source[second], value) { return true }
      if areInIncreasingOrder(source[second], source[first], value) { return false }
      return first < second
    }
    let newTokens = newOrder.map { sorting.sourceTokens[$0] }
    var oldPosition: [Int: Int] = [:]
    oldPosition.reserveCapacity(sorting.sortedTokens.count)
    for (position, token) in sorting.sortedTokens.enumerated() { oldPosition[token] = position }
    // Where each element was, in its new order; those in one longest increasing run stay put.
    let from = newTokens.map { oldPosition[$0]! }
    let staying = ArrayChangeset.longestIncreasingRun(of: from)
    var moves: [ArrayChangeset.Move] = []
    for (to, old) in from.enumerated() where !staying[to] {
      moves.append(ArrayChangeset.Move(from: old, to: to))
    }
    sorting.sortedTokens = newTokens
    sorting.sortedValues = newOrder.map { source[$0] }
    guard !moves.isEmpty else { return }
    let change = ArrayChangeset(moves: moves)
    var contents: [Element] = []
    contents.reserveCapacity(sorting.sortedValues.count)
    contents.append(contentsOf: sorting.sortedValues)
    let old = core.edit { current in
      let old = current
      current = contents
      return (change, old)
    }
    withExtendedLifetime(old) {}
  }
}
