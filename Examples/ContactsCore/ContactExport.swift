import Bindings
import Dispatch
import Synchronization

/// Exports contacts as CSV on a serial queue, one job at a time: starting an export restarts it, and
/// only the latest job reports.
///
/// ```swift
/// let exporter = ContactExporter(queue: DispatchQueue(label: "export")) { csv in print(csv.count) }
/// exporter.start(contacts) { report in print(report) }
/// // started(count: 3000), progress(0.01), … progress(1.0), finished(count: 3000)
/// ```
///
/// A job that is restarted stops at its next step without reporting anything more; the new one
/// starts when it has stopped. A cancelled job reports `cancelled` once, and stops. Each job holds
/// its `report` closure until it has finished or stopped, and no longer.
final class ContactExporter: Sendable {
  /// What a job tells the one that started it, on the export queue.
  enum Report: Sendable {
    /// The job runs; it exports `count` contacts.
    case started(count: Int)
    /// The share of the contacts exported so far, above 0 and up to 1.
    case progress(Double)
    /// The destination received the CSV of `count` contacts.
    case finished(count: Int)
    /// The job was cancelled (``cancel()``); nothing more is reported.
    case cancelled
    /// The destination threw `error`.
    case failed(any Error)
  }

  private let state = Locked(ExportState())
  private let queue: DispatchQueue
  private let destination: ContactsViewModel.ExportDestination

  /// Creates an exporter that runs its jobs on `queue`, which must be serial, and hands each CSV to
  /// `destination`.
  init(queue: DispatchQueue, destination: @escaping ContactsViewModel.ExportDestination) {
    self.queue = queue
    self.destination = destination
  }

  /// Starts exporting `contacts`, stopping the running job at its next step.
  func start(_ contacts: [Contact], report: @escaping @Sendable (Report) -> Void) {
    let job = state.withLock { $0.start() }
    queue.async { self.run(contacts, job: job, report: report) }
  }

  /// Stops the running job at its next step; it reports `cancelled`. Does nothing when no job runs.
  func cancel() {
    state.withLock { $0.cancel() }
  }

  /// Runs one export job; on the export queue, so jobs never overlap.
  private func run(_ contacts: [Contact], job: Int, report: (Report) -> Void) {
    guard shouldContinue(job, report: report) else { return }
    report(.started(count: contacts.count))
    var csv = ContactsCSV.header
    let stepSize = max(1, (contacts.count + 99) / 100)
    var exported = 0
    while exported < contacts.count {
      guard shouldContinue(job, report: report) else { return }
      let end = min(exported + stepSize, contacts.count)
      for contact in contacts[exported..<end] { csv += ContactsCSV.line(for: contact) }
      exported = end
      report(.progress(Double(exported) / Double(contacts.count)))
    }
    guard shouldContinue(job, report: report) else { return }
    do {
      try destination(csv)
    } catch {
      report(.failed(error))
      return
    }
    report(.finished(count: contacts.count))
  }

  /// Whether `job` is still the latest; reports a cancellation the first time a job finds one.
  private func shouldContinue(_ job: Int, report: (Report) -> Void) -> Bool {
    switch state.withLock({ $0.check(job) }) {
    case .proceed:
      return true
    case .stopSilently:
      return false
    case .stopAndReportCancellation:
      report(.cancelled)
      return false
    }
  }
}

/// The export's state, guarded by the exporter's mutex: which job is current, and whether a
/// cancellation is still to be reported.
struct ExportState {
  enum Decision {
    case proceed
    /// A newer job replaced this one; it reports its own progress.
    case stopSilently
    /// The export was cancelled, and this job is the first to notice.
    case stopAndReportCancellation
  }

  var currentJob = 0
  var isCancelled = false
  var isCancellationReported = true

  /// Makes a new job current; returns its number.
  mutating func start() -> Int {
    currentJob += 1
    isCancelled = false
    isCancellationReported = true
    return currentJob
  }

  /// Makes no job current, so that the running one stops and reports it.
  mutating func cancel() {
    currentJob += 1
    isCancelled = true
    isCancellationReported = false
  }

  /// What `job` does at its next step.
  mutating func check(_ job: Int) -> Decision {
    if job == currentJob { return .proceed }
    guard isCancelled, !isCancellationReported else { return .stopSilently }
    isCancellationReported = true
    return .stopAndReportCancellation
  }
}

/// The CSV form of contacts (RFC 4180: fields with commas, quotes or line breaks are quoted).
enum ContactsCSV {
  static let header = "First name,Last name,Email,Phone,Favorite,Rating,Group\n"

  static func line(for contact: Contact) -> String {
    [
      contact.firstName, contact.lastName, contact.email, contact.phone, contact.isFavorite ? "yes" : "no",
      String(contact.rating), contact.groupName,
    ]
    .map(field)
    .joined(separator: ",") + "\n"
  }

  private static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
  }
}

extension ContactsViewModel {
  // MARK: Export

  /// Exports every contact of ``all`` as CSV on the export queue, publishing ``progress`` and, at
  /// the end, ``status`` ("Exported 3,000 contacts"); restarts the export if one is running.
  ///
  /// ```swift
  /// viewModel.exportAll()
  /// // progress: 0.01, 0.02, … 1.0 on the export queue; status: "Exported 3,000 contacts"
  /// ```
  ///
  /// The contacts are those of ``all`` when it is called. An export that is restarted stops at its
  /// next step without publishing anything more; the new one starts when it has stopped. A running
  /// export keeps the view model alive until it has finished or stopped.
  public func exportAll() {
    exporter.start(all.contents) { report in self.show(report) }
  }

  /// Stops the running export at its next step: ``progress`` goes back to 0 and ``status`` says
  /// "Export cancelled". Does nothing when no export is running.
  public func cancelExport() {
    exporter.cancel()
  }

  /// Publishes what the export job reports, on the export queue.
  private func show(_ report: ContactExporter.Report) {
    switch report {
    case .started(let count):
      isExporting = true
      progress = 0
      status = "Exporting \(Self.formatted(count)) contacts…"
    case .progress(let share):
      progress = share
    case .finished(let count):
      progress = 1
      isExporting = false
      status = "Exported \(Self.formatted(count)) contacts"
    case .cancelled:
      isExporting = false
      progress = 0
      status = "Export cancelled"
    case .failed(let error):
      isExporting = false
      progress = 0
      status = "Export failed"
      fail("Could not export the contacts: \(error)")
    }
  }
}
