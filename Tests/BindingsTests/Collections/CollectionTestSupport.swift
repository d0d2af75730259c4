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
