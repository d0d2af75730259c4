import Bindings
import BindingsTesting
import ContactsCore
import Dispatch
import Synchronization
import Testing

/// Eight contacts whose searches are easy to work out by hand.
///
/// "ad" matches Ada, Adele and Radia; "ada" only Ada; every email contains "example".
let pioneers = [
  Contact(id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "(555) 010-0001"),
  Contact(id: 2, firstName: "Grace", lastName: "Hopper", email: "grace@example.org", phone: "(555) 010-0002"),
  Contact(id: 3, firstName: "Alan", lastName: "Turing", email: "alan@example.net", phone: "(555) 010-0003"),
  Contact(id: 4, firstName: "Adele", lastName: "Goldberg", email: "adele@example.com", phone: "(555) 010-0004"),
  Contact(id: 5, firstName: "Edsger", lastName: "Dijkstra", email: "edsger@example.org", phone: "(555) 010-0005"),
  Contact(id: 6, firstName: "Barbara", lastName: "Liskov", email: "barbara@example.net", phone: "(555) 010-0006"),
  Contact(id: 7, firstName: "Radia", lastName: "Perlman", email: "radia@example.com", phone: "(555) 010-0007"),
  Contact(id: 8, firstName: "Donald", lastName: "Knuth", email: "don@example.org", phone: "(555) 010-0008"),
]

/// A view model of ``pioneers`` searching on a fresh test scheduler.
func makeViewModel(
  _ contacts: [Contact] = pioneers,
  exportQueue: DispatchQueue = DispatchQueue(label: "ContactsCoreTests.export"),
  exportDestination: @escaping ContactsViewModel.ExportDestination = { _ in }
) -> (ContactsViewModel, TestScheduler) {
  let scheduler = TestScheduler()
  let viewModel = ContactsViewModel(
    contacts: contacts,
    scheduler: scheduler,
    exportQueue: exportQueue,
    exportDestination: exportDestination
  )
  return (viewModel, scheduler)
}

/// Types `text` into the search field and lets the throttle apply it.
func search(_ text: String, in viewModel: ContactsViewModel, on scheduler: TestScheduler) {
  viewModel.query = text
  scheduler.advance(by: .milliseconds(150))
}

/// Records the events of an observable array after its replay: the changes a list would apply.
final class ChangeRecorder: Sendable {
  let recorder = RecordingSubscriber<ObservableArrayEvent<Contact>, Never>()

  init(_ array: ObservableArray<Contact>) {
    array.subscribe(recorder)
  }

  // A subscriber that keeps its subscription and the subject that holds it keep each other alive:
  // cancelling ends that, so the view model and its arrays are released with the test.
  deinit {
    recorder.cancel()
  }

  /// The changesets sent since the replay.
  var changes: [ArrayChangeset] {
    recorder.values.dropFirst().map(\.change)
  }

  /// A copy of the array kept only by applying each changeset to the previous copy, as a list view
  /// does; `nil` if a changeset did not fit.
  var mirror: [Contact]? {
    let events = recorder.values
    guard var copy = events.first?.contents else { return [] }
    for event in events.dropFirst() {
      guard (try? event.change.apply(to: &copy, newContents: event.contents)) != nil else { return nil }
    }
    return copy
  }
}

/// A list view: it applies batches as a table view does and keeps its own selected row.
final class FakeList: ListTarget, @unchecked Sendable {
  let bindings = BindingBag()
  private(set) var rows: [String] = []
  private(set) var reloads = 0
  private(set) var batches: [ArrayChangeset] = []
  @Published var selectedRow: Int?

  func reload(with rows: ListRows<String>) {
    reloads += 1
    self.rows = Array(rows)
  }

  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
    batches.append(change)
    self.rows = Array(rows)
  }
}

/// A label: a writable property, for key-path targets.
final class FakeLabel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  var text: String?
  var isSensitive = true
}

/// Waits until `publisher` sends a value for which `condition` holds, for at most `seconds`;
/// returns whether it did. For work that finishes on another queue, never for timing.
func waitUntil<P: Publisher>(
  _ publisher: P,
  seconds: Double = 30,
  _ condition: @escaping (P.Output) -> Bool
) async -> Bool where P.Failure == Never {
  let signal = Signal()
  let token = publisher.sink { value in
    if condition(value) { signal.fire(true) }
  }
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { signal.fire(false) }
  let result = await signal.value
  token.cancel()
  return result
}

/// A one-shot result that a task can await: the first `fire` wins.
final class Signal: Sendable {
  private enum State {
    case waiting(CheckedContinuation<Bool, Never>?)
    case fired(Bool)
  }

  private let state = Mutex(State.waiting(nil))

  func fire(_ result: Bool) {
    let continuation: CheckedContinuation<Bool, Never>? = state.withLock { state in
      guard case .waiting(let continuation) = state else { return nil }
      state = .fired(result)
      return continuation
    }
    continuation?.resume(returning: result)
  }

  var value: Bool {
    get async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let fired: Bool? = state.withLock { state in
          switch state {
          case .fired(let result): return result
          case .waiting:
            state = .waiting(continuation)
            return nil
          }
        }
        if let fired { continuation.resume(returning: fired) }
      }
    }
  }
}
