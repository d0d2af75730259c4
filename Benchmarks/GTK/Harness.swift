#if GTK
import BindingsGTK
import CGTK
import Foundation
import Glibc

/// The sizes of one run: the full run, or `--quick`, a smoke run for CI with small sizes, one round
/// and a one-second idle window.
struct Options {
  var isQuick = false
  /// How many times the timed variants of a scenario alternate; each figure is the median.
  var rounds = 9
  /// Values set into the label per timed variant and round.
  var labelValues = 100_000
  /// Texts set into each entry per timed variant and round.
  var keystrokes = 50_000
  /// Labels in the memory scenario's window, and bindings made into each.
  var memoryLabels = 1_000
  var bindingsPerLabel = 100
  /// Rounds of the memory scenario after its warm-up round, each with bindings and without.
  var memoryRounds = 2
  /// How long each idle variant runs the loop, and how many times each runs.
  var idleSeconds: UInt32 = 10
  var idleRounds = 2
  /// `--7guis`: only the 7GUIs scenarios (A1–A5).
  var onlySevenGUIs = false
  /// Runs G3 alone and prints its figures: for comparing binding creation between two builds.
  var memoryOnly = false
  /// `--contacts`: only L4, Contacts' search.
  var onlyContactsSearch = false
  /// `--g1`: only G1, per value into a label (for profiling).
  var onlyLabelText = false
  /// `--g12`: only G1 and G2, with their table rows (to iterate on the per-value binding path).
  var onlyG12 = false
  /// `--l1`: only L1, a filter keystroke on lists, its medians per variant (to iterate on, or profile,
  /// `ListView`'s splices).
  var onlyFilter = false

  /// The options `arguments` (without the program's name) ask for, or `nil` for an unknown one.
  ///
  /// The arguments are checked before anything is set: Swift 6.3.1 with `-O` loses stores to the
  /// first fields of this struct made in a loop that can also return `nil`.
  static func parse(_ arguments: [String]) -> Options? {
    let known: Set = ["--quick", "--7guis", "--g3", "--contacts", "--g1", "--g12", "--l1"]
    guard arguments.allSatisfy({ known.contains($0) }) else {
      return nil
    }
    var options = Options()
    options.onlySevenGUIs = arguments.contains("--7guis")
    options.memoryOnly = arguments.contains("--g3")
    options.onlyContactsSearch = arguments.contains("--contacts")
    options.onlyLabelText = arguments.contains("--g1")
    options.onlyG12 = arguments.contains("--g12")
    options.onlyFilter = arguments.contains("--l1")
    if arguments.contains("--quick") {
      options.isQuick = true
      options.rounds = 1
      options.labelValues = 2_000
      options.keystrokes = 1_000
      options.memoryLabels = 100
      options.bindingsPerLabel = 100
      options.memoryRounds = 1
      options.idleSeconds = 1
      options.idleRounds = 1
    }
    return options
  }
}

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// The nanoseconds `body` takes.
@inline(never)
func nanoseconds(_ body: () -> Void) -> Double {
  let start = monotonicNanoseconds()
  body()
  return Double(monotonicNanoseconds() - start)
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty, "no samples")
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The process's CPU time so far, user and system, all threads, in milliseconds.
func processCPUMilliseconds() -> Double {
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1_000 + Double(time.tv_usec) / 1_000 }
  return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
}

/// glibc's `mallinfo2()`. Swift's Glibc module leaves out `<malloc.h>`, and a C shim would need a
/// target of its own, so it is looked up by name and called by the x86-64 System V rule for a
/// function returning a large struct: the caller passes the result's storage as a hidden first
/// argument (`%rdi`), and gets its address back. Elsewhere (arm64 passes it in `x8`) it is `nil`.
private let mallinfo2: (@convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?)? = {
  #if arch(x86_64)
  guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
  return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?).self)
  #else
  return nil
  #endif
}()

/// The bytes malloc has handed out and not yet had back, in every arena, including mmapped blocks
/// and the allocator's own per-block header and rounding: `mallinfo2()`'s `uordblks + hblkhd`, or
/// `nil` where `mallinfo2()` cannot be called.
func heapBytesInUse() -> Int? {
  guard let mallinfo2 else { return nil }
  // struct mallinfo2: arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks,
  // keepcost, all size_t.
  var info: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  withUnsafeMutableBytes(of: &info) { _ = mallinfo2($0.baseAddress!) }
  return info.7 + info.4
}

/// Where ``heapAccountingWorks()`` keeps its block, so that the optimizer cannot drop the allocation.
nonisolated(unsafe) private var heapProbe: UnsafeMutableRawPointer?

/// Whether ``heapBytesInUse()`` sees a 64 KiB block come and go, as it must.
func heapAccountingWorks() -> Bool {
  guard let before = heapBytesInUse() else { return false }
  heapProbe = malloc(65_536)
  let during = heapBytesInUse() ?? before
  free(heapProbe)
  heapProbe = nil
  return (65_536...65_536 + 64).contains(during - before)
}

/// The load average over 1, 5 and 15 minutes, as `/proc/loadavg` shows it.
func loadAverage() -> String {
  guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// The machine, for the report: cores, processor, system.
func machineDescription() -> String {
  let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
  let model =
    cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
  var system = utsname()
  uname(&system)
  let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(model), Linux \(machine)"
}

/// The current time in UTC, to the minute.
func utcTimestamp() -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
  return formatter.string(from: Date())
}

/// GLib main-loop iterations: how many times the loop called `poll`, counted while
/// ``countLoopIterations()`` is installed. Every iteration polls once, so this counts wake-ups.
nonisolated(unsafe) var loopPolls = 0

/// GLib's poll, counting its calls.
private let countingPoll: GPollFunc = { descriptors, count, timeout in
  loopPolls += 1
  return g_poll(descriptors, count, timeout)
}

/// Makes the default main context count its polls in ``loopPolls``, or (`false`) stop counting.
func countLoopIterations(_ isOn: Bool) {
  g_main_context_set_poll_func(nil, isOn ? countingPoll : nil)
}

/// Why the benchmark stops: a self-check that failed, or a window that did not show.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
}

/// Fails the run with `message` unless `condition` holds. Results are checked, never speeds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BenchmarkFailure) {
  if !condition { throw BenchmarkFailure(description: message()) }
}

/// Presents `window` and runs the loop until it is mapped and laid out, then lets GTK finish.
@MainActor
func show(_ window: Window) throws(BenchmarkFailure) {
  window.present()
  let shown = GTK.iterateMainLoop(until: {
    gtk_widget_get_mapped(window.widget) != 0 && window.allocatedSize.width > 0
  })
  try check(shown, "the window \"\(window.title ?? "")\" was not shown within 5 s")
  settle()
}

/// Runs the loop for `milliseconds` (timers, frames, deferred work), then whatever is still ready.
@MainActor
func settle(milliseconds: Int = 100) {
  GTK.iterateMainLoop(until: { false }, timeout: .milliseconds(milliseconds))
  GTK.drainMainLoop()
}

/// Sets a boolean GTK setting, for the whole process.
@MainActor
func setGTKSetting(_ name: String, _ isOn: Bool) {
  guard let settings = gtk_settings_get_default() else { return }
  var value = GValue()
  g_value_init(&value, cgtk_type_boolean())
  g_value_set_boolean(&value, isOn ? 1 : 0)
  g_object_set_property(UnsafeMutablePointer<GObject>(settings), name, &value)
  g_value_unset(&value)
}

/// Formats `value` with `digits` decimals and thousands separators: `12,345.6`.
func formatted(_ value: Double, digits: Int = 0) -> String {
  guard value.isFinite else { return "n/a" }
  let text = String(format: "%.\(digits)f", abs(value))
  let parts = text.split(separator: ".", omittingEmptySubsequences: false)
  let integer = Array(parts[0])
  var grouped = ""
  for (index, digit) in integer.enumerated() {
    if index > 0 && (integer.count - index) % 3 == 0 { grouped.append(",") }
    grouped.append(digit)
  }
  return (value < 0 && text.contains { $0 != "0" && $0 != "." } ? "-" : "") + grouped
    + (parts.count > 1 ? "." + parts[1] : "")
}

/// A ratio as the report prints it: `1.07×`.
func ratio(_ value: Double) -> String {
  value.isFinite ? String(format: "%.2f×", value) : "n/a"
}
#endif
