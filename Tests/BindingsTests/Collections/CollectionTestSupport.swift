import Bindings
import Foundation

/// A small, seeded random number generator, so that a failing randomized run can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Follows an observable array and checks every event: the reported change, applied to a copy of
/// the previous contents, must give the new contents exactly.
final class ChangeChecker<Element: Equatable>: @unchecked Sendable {
  private let lock = NSLock()
  private var previous: [Element]?
  private var failureMessages: [String] = []
  private var eventCount = 0
  private var token: AnyCancellable?

  init<P: Publisher>(_ source: P) where P.Output == ObservableArrayEvent<Element>, P.Failure == Never {
    token = source.sink { [unowned self] event in self.check(event) }
  }

  var failures: [String] { lock.withLock { failureMessages } }
  var events: Int { lock.withLock { eventCount } }
  var contents: [Element]? { lock.withLock { previous } }

  private func check(_ event: ObservableArrayEvent<Element>) {
    lock.withLock {
      eventCount += 1
      defer { previous = event.contents }
      guard var copy = previous else {
        if !event.change.isReset { failureMessages.append("first event is not a reset: \(event.change)") }
        return
      }
      do {
        try event.change.apply(to: &copy, newContents: event.contents)
        if copy != event.contents {
          failureMessages.append("\(previous!) + \(event.change) gave \(copy), not \(event.contents)")
        }
      } catch {
        failureMessages.append("\(previous!) + \(event.change) does not fit \(event.contents): \(error)")
      }
    }
  }

  func cancel() { token?.cancel() }
}

/// A list model that records the calls a list view would receive.
final class RecordingList: ListTarget {
  enum Call: Equatable, CustomStringConvertible {
    case reload([String])
    case batch(ArrayChangeset, [String])

    var description: String {
      switch self {
      case .reload(let rows): return "reload \(rows)"
      case .batch(let change, let rows): return "batch \(change) → \(rows)"
      }
    }
  }

  let bindings = BindingBag()
  private(set) var calls: [Call] = []
  /// The rows the list shows, kept by applying each batch like a table view would.
  private(set) var shown: [String] = []

  func reload(with rows: ListRows<String>) {
    shown = Array(rows)
    calls.append(.reload(shown))
  }

  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
    try? change.apply(to: &shown, newCount: rows.count) { rows[$0] }
    calls.append(.batch(change, Array(rows)))
  }
}

/// Follows any observable collection and checks every event with `apply`: the reported change,
/// applied to a copy of the previous contents, must give the new contents exactly.
final class EventChecker<Contents: Equatable, Change>: @unchecked Sendable {
  typealias Apply = (Change, inout Contents, Contents) throws -> Void

  private let lock = NSLock()
  private let applyChange: Apply
  private let isReset: (Change) -> Bool
  private var previous: Contents?
  private var failureMessages: [String] = []
  private var eventCount = 0
  private var token: AnyCancellable?

  init<P: Publisher>(_ source: P, isReset: @escaping (Change) -> Bool, apply: @escaping Apply)
  where P.Output == CollectionEvent<Contents, Change>, P.Failure == Never {
    applyChange = apply
    self.isReset = isReset
    token = source.sink { [unowned self] event in self.check(event) }
  }

  var failures: [String] { lock.withLock { failureMessages } }
  var events: Int { lock.withLock { eventCount } }
  var contents: Contents? { lock.withLock { previous } }

  private func check(_ event: CollectionEvent<Contents, Change>) {
    lock.withLock {
      eventCount += 1
      defer { previous = event.contents }
      guard var copy = previous else {
        if !isReset(event.change) { failureMessages.append("first event is not a reset: \(event.change)") }
        return
      }
      do {
        try applyChange(event.change, &copy, event.contents)
        if copy != event.contents {
          failureMessages.append("\(previous!) + \(event.change) gave \(copy), not \(event.contents)")
        }
      } catch {
        failureMessages.append("\(previous!) + \(event.change) does not fit \(event.contents): \(error)")
      }
    }
  }

  func cancel() { token?.cancel() }
}

/// A checker for a sectioned array.
func sectionedChecker<Metadata: Equatable, Item: Equatable>(
  _ source: ObservableSectionedArray<Metadata, Item>
) -> EventChecker<[ArraySection<Metadata, Item>], SectionedArrayChangeset> {
  EventChecker(source, isReset: \.isReset) { change, copy, new in try change.apply(to: &copy, newContents: new) }
}

/// A checker for a set.
func setChecker<Element: Hashable>(
  _ source: ObservableSet<Element>
) -> EventChecker<Set<Element>, SetChangeset<Element>> {
  EventChecker(source, isReset: \.isReset) { change, copy, new in try change.apply(to: &copy, newContents: new) }
}

/// A checker for a dictionary.
func dictionaryChecker<Key: Hashable, Value: Equatable>(
  _ source: ObservableDictionary<Key, Value>
) -> EventChecker<[Key: Value], DictionaryChangeset<Key>> {
  EventChecker(source, isReset: \.isReset) { change, copy, new in try change.apply(to: &copy, newContents: new) }
}

/// A sectioned list model that records the calls a sectioned list view would receive, and keeps its
/// rows by applying each batch like a table view would.
final class RecordingSectionedList: SectionedListTarget {
  let bindings = BindingBag()
  private(set) var calls: [String] = []
  private(set) var shown: [ArraySection<String, String>] = []

  private func sections(_ rows: SectionedListRows<String, String>) -> [ArraySection<String, String>] {
    rows.map { ArraySection($0.metadata, items: Array($0.rows)) }
  }

  func reload(with sections: SectionedListRows<String, String>) {
    shown = self.sections(sections)
    calls.append("reload \(shown)")
  }

  func performBatchUpdates(_ change: SectionedArrayChangeset, sections: SectionedListRows<String, String>) {
    do {
      try change.apply(to: &shown, newContents: self.sections(sections))
    } catch {
      calls.append("mismatch \(error)")
    }
    calls.append("\(change)")
  }
}
