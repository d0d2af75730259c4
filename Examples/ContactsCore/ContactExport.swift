import Bindings
import Dispatch

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
    let contacts = all.contents
    let job = exportState.withLock { $0.start() }
    exportQueue.async { self.runExport(contacts, job: job) }
  }

  /// Stops the running export at its next step: ``progress`` goes back to 0 and ``status`` says
  /// "Export cancelled". Does nothing when no export is running.
  public func cancelExport() {
    exportState.withLock { $0.cancel() }
  }

  /// Runs one export job; on the export queue, so jobs never overlap.
  func runExport(_ contacts: [Contact], job: Int) {
    guard shouldContinueExport(job) else { return }
    let count = Self.formatted(contacts.count)
    isExporting = true
    progress = 0
    status = "Exporting \(count) contacts…"
    var csv = ContactsCSV.header
    let stepSize = max(1, (contacts.count + 99) / 100)
    var exported = 0
    while exported < contacts.count {
      guard shouldContinueExport(job) else { return }
      let end = min(exported + stepSize, contacts.count)
      for contact in contacts[exported..<end] { csv += ContactsCSV.line(for: contact) }
      exported = end
      progress = Double(exported) / Double(contacts.count)
    }
    guard shouldContinueExport(job) else { return }
    do {
      try exportDestination(csv)
    } catch {
      isExporting = false
      progress = 0
      status = "Export failed"
      fail("Could not export the contacts: \(error)")
      return
    }
    progress = 1
    isExporting = false
    status = "Exported \(count) contacts"
  }

  /// Whether export `job` is still the latest; reports a cancellation the first time a job finds
  /// one.
  func shouldContinueExport(_ job: Int) -> Bool {
    switch exportState.withLock({ $0.check(job) }) {
    case .proceed:
      return true
    case .stopSilently:
      return false
    case .stopAndReportCancellation:
      isExporting = false
      progress = 0
      status = "Export cancelled"
      return false
    }
  }
}

/// The export's state, guarded by the view model's mutex: which job is current, and whether a
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
