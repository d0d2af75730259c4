import Bindings
import BindingsTesting
import ContactsCore
import Dispatch
import Synchronization
import Testing

@Suite("ContactsViewModel: the background export")
struct ExportTests {
  /// A serial queue that the tests can recognise from inside a subscriber.
  final class ExportQueue: Sendable {
    let queue = DispatchQueue(label: "ContactsCoreTests.export")
    private let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: key, value: true) }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
  }

  /// What the export destination received.
  final class Destination: Sendable {
    private let received = Mutex<[String]>([])
    var exports: [String] { received.withLock { $0 } }
    func receive(_ csv: String) { received.withLock { $0.append(csv) } }
  }

  @Test("Exporting publishes progress from the export queue up to 1, hands over the CSV and says how many")
  func exportsEverything() async {
    let exportQueue = ExportQueue()
    let destination = Destination()
    let contacts = ContactGenerator(seed: 42).make(count: 3000)
    let (viewModel, _) = makeViewModel(
      contacts, exportQueue: exportQueue.queue, exportDestination: { destination.receive($0) })
    let progress = Mutex<[(value: Double, onExportQueue: Bool)]>([])
    let token = viewModel.$progress.dropFirst().sink { value in
      let onQueue = exportQueue.isCurrent
      progress.withLock { $0.append((value, onQueue)) }
    }

    viewModel.exportAll()
    let finished = await waitUntil(viewModel.$status) { $0 == "Exported 3,000 contacts" }

    #expect(finished)
    let recorded = progress.withLock { $0 }
    token.cancel()
    #expect(recorded.allSatisfy { $0.onExportQueue })
    let values = recorded.map(\.value)
    #expect(values.first == 0)
    #expect(values.last == 1)
    #expect(values == values.sorted(), "progress only grows")
    #expect(values.count > 50, "progress is reported as the export goes")
    #expect(!viewModel.isExporting)
    let csv = destination.exports
    #expect(csv.count == 1)
    let lines = csv.first?.split(separator: "\n") ?? []
    #expect(lines.count == 3001)
    #expect(lines.first == "First name,Last name,Email,Phone,Favorite,Rating,Group")
    let first = contacts[0]
    #expect(lines.dropFirst().first?.hasPrefix("\(first.firstName),\(first.lastName),\(first.email),") == true)
  }

  @Test("Fields with commas or quotes are quoted in the CSV")
  func quoting() async {
    let destination = Destination()
    let contact = Contact(id: 1, firstName: "Ada, Countess", lastName: "Lovelace \"Byron\"")
    let (viewModel, _) = makeViewModel([contact], exportDestination: { destination.receive($0) })
    viewModel.exportAll()
    #expect(await waitUntil(viewModel.$status) { $0 == "Exported 1 contacts" })
    #expect(destination.exports.first?.contains("\"Ada, Countess\",\"Lovelace \"\"Byron\"\"\",") == true)
  }

  @Test("Cancelling stops the export at its next step: progress goes back to 0, nothing is handed over")
  func cancelling() async {
    let destination = Destination()
    let (viewModel, _) = makeViewModel(
      ContactGenerator(seed: 1).make(count: 1000), exportDestination: { destination.receive($0) })
    let progress = Mutex<[Double]>([])
    let token = viewModel.$progress.dropFirst().sink { [weak viewModel] value in
      progress.withLock { $0.append(value) }
      if value >= 0.5 { viewModel?.cancelExport() }
    }

    viewModel.exportAll()
    let cancelled = await waitUntil(viewModel.$status) { $0 == "Export cancelled" }

    token.cancel()
    #expect(cancelled)
    let steps: [Double] = (1...50).map { Double($0 * 10) / 1000 }
    #expect(progress.withLock { $0 } == [0] + steps + [0])
    #expect(destination.exports.isEmpty)
    #expect(!viewModel.isExporting)
  }

  @Test("Exporting again restarts: the first export stops silently and the second one finishes")
  func restarting() async {
    let destination = Destination()
    let (viewModel, _) = makeViewModel(
      ContactGenerator(seed: 1).make(count: 1000), exportDestination: { destination.receive($0) })
    let restarted = Atomic(false)
    let statuses = RecordingSubscriber<String, Never>()
    viewModel.$status.subscribe(statuses)
    defer { statuses.cancel() }
    let token = viewModel.$progress.sink { [weak viewModel] value in
      if value >= 0.3, !restarted.exchange(true, ordering: .relaxed) { viewModel?.exportAll() }
    }

    viewModel.exportAll()
    let finished = await waitUntil(viewModel.$status) { $0 == "Exported 1,000 contacts" }

    token.cancel()
    #expect(finished)
    #expect(destination.exports.count == 1)
    #expect(!statuses.values.contains("Export cancelled"))
    #expect(statuses.values.filter { $0.hasPrefix("Exported") } == ["Exported 1,000 contacts"])
    #expect(viewModel.progress == 1)
  }

  @Test("Cancelling before the export starts reports the cancellation once")
  func cancellingBeforeStart() async {
    let exportQueue = DispatchQueue(label: "ContactsCoreTests.suspended")
    let (viewModel, _) = makeViewModel(exportQueue: exportQueue)
    let statuses = RecordingSubscriber<String, Never>()
    viewModel.$status.subscribe(statuses)
    defer { statuses.cancel() }

    exportQueue.suspend()
    viewModel.exportAll()
    viewModel.exportAll()
    viewModel.cancelExport()
    exportQueue.resume()
    exportQueue.sync {}

    #expect(statuses.values == ["8 contacts", "Export cancelled"])
    #expect(viewModel.progress == 0)
  }

  @Test("A failing destination sends an error and says the export failed")
  func failing() async {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "the disk is full" }
    }
    let (viewModel, _) = makeViewModel(exportDestination: { _ in throw DiskFull() })
    let errors = RecordingSubscriber<String, Never>()
    viewModel.errors.subscribe(errors)
    defer { errors.cancel() }

    viewModel.exportAll()

    #expect(await waitUntil(viewModel.$status) { $0 == "Export failed" })
    #expect(await waitUntil(viewModel.$lastError) { $0 == "Could not export the contacts: the disk is full" })
    #expect(errors.values == ["Could not export the contacts: the disk is full"])
    #expect(viewModel.progress == 0)
  }
}
