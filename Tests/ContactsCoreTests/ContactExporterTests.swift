import Dispatch
import Synchronization
import Testing

@testable import ContactsCore

@Suite("ContactExporter: the export job on its own")
struct ContactExporterTests {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
  }

  /// What the jobs reported, as short strings, and what the destination received.
  final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    var reports: [String] { entries.withLock { $0 } }

    func record(_ report: ContactExporter.Report) {
      let text =
        switch report {
        case .started(let count): "started \(count)"
        case .progress(let share): "progress \(share)"
        case .finished(let count): "finished \(count)"
        case .cancelled: "cancelled"
        case .failed(let error): "failed \(error)"
        }
      entries.withLock { $0.append(text) }
    }
  }

  @Test("A job reports its start, its progress up to 1 and its end, and hands the CSV to the destination")
  func exports() {
    let queue = DispatchQueue(label: "ContactExporterTests.exports")
    let received = Mutex<[String]>([])
    let exporter = ContactExporter(queue: queue) { csv in received.withLock { $0.append(csv) } }
    let log = Log()
    exporter.start(Array(pioneers.prefix(4))) { log.record($0) }
    queue.sync {}
    #expect(
      log.reports == ["started 4", "progress 0.25", "progress 0.5", "progress 0.75", "progress 1.0", "finished 4"])
    let csv = received.withLock { $0 }
    #expect(csv.count == 1)
    #expect(csv.first?.split(separator: "\n").count == 5)
  }

  @Test("A destination that throws makes the job report the error")
  func failure() {
    let queue = DispatchQueue(label: "ContactExporterTests.failure")
    let exporter = ContactExporter(queue: queue) { _ in throw Refused() }
    let log = Log()
    exporter.start([pioneers[0]]) { log.record($0) }
    queue.sync {}
    #expect(log.reports == ["started 1", "progress 1.0", "failed refused"])
  }

  @Test("A restarted job stops without a word; a cancelled one reports it once")
  func restartAndCancel() {
    let queue = DispatchQueue(label: "ContactExporterTests.restart")
    let exporter = ContactExporter(queue: queue) { _ in }
    let first = Log()
    let second = Log()
    let third = Log()
    queue.suspend()
    exporter.start(pioneers) { first.record($0) }
    exporter.start([pioneers[0]]) { second.record($0) }
    queue.resume()
    queue.sync {}
    queue.suspend()
    exporter.start(pioneers) { third.record($0) }
    exporter.cancel()
    queue.resume()
    queue.sync {}
    #expect(first.reports.isEmpty)
    #expect(second.reports == ["started 1", "progress 1.0", "finished 1"])
    #expect(third.reports == ["cancelled"])
  }

  @Test("A job lets go of its report closure once it has finished")
  func releasesTheReport() {
    final class Listener: Sendable {}
    let queue = DispatchQueue(label: "ContactExporterTests.release")
    let exporter = ContactExporter(queue: queue) { _ in }
    weak var weakListener: Listener?
    do {
      let listener = Listener()
      weakListener = listener
      exporter.start([pioneers[0]]) { _ in _ = listener }
    }
    queue.sync {}
    #expect(weakListener == nil)
  }
}
