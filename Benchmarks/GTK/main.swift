// GTK bindings against direct GTK calls, in one run, in real windows (under Xvfb: `Benchmarks/gtk`).
//
//   G1  label.reactive.text <~ property, per value, against gtk_label_set_text
//   G2  entry.reactive.text <~> model.$name, per gtk_editable_set_text and per keystroke, against a
//       hand-connected "changed" (and "notify::text") handler writing a plain property
//   G3  heap bytes per live binding (100,000 of them), and what is left once the window is closed
//   G4  CPU time and loop wake-ups of an idle bound application over 10 s of GTK's real loop,
//       against the same with a 50 ms polling timer
//   L1–L3  lists (Lists.swift): a filter keystroke, appends, scrolling a long list
//   L4  Contacts' search keystroke (ContactsSearch.swift): the real Contacts window over 3,000 and
//       100,000 contacts, a query typed and cleared, against the same splices by hand
//   A1–A5  7GUIs (SevenGUIs.swift): opening Cells, editing a chain of cells and a lone cell, a Circle
//          Drawer redraw against the same drawing with no binding, the chain edited with the table shown
//
// Timed variants alternate within each round, and every figure is the median over the rounds, so
// that the ratios hold on a shared, busy machine; absolute figures do not. Results are checked;
// speeds never are. `--quick`: small sizes, one round, a 1 s idle window (a CI smoke run). `--7guis`: A1–A5 only.
// `--contacts`: L4 only. `--g1`: G1 only (the binary alone, for profiling).
// `--g12`: G1 and G2 only, with their table rows. `--l1`: L1 only, its medians per variant.
#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation
import Glibc

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
  let usage = "usage: GTKBenchmarks [--quick] [--7guis] [--g3] [--contacts] [--g1] [--g12] [--l1]\n"
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}

do {
  try GTK.initialize()
} catch {
  FileHandle.standardError.write(
    Data(
      ("GTKBenchmarks cannot run: \(error)\n"
        + "Run it through Benchmarks/gtk, which starts it under xvfb-run.\n").utf8
    )
  )
  exit(1)
}

/// Prints `line` at once, so that progress shows while a long run goes on.
func report(_ line: String = "") {
  print(line)
  fflush(nil)
}

/// Runs every scenario and prints the report; throws when a self-check fails.
@MainActor
func runBenchmarks(_ options: Options) throws {
  let startedAt = utcTimestamp()
  let loadAtStart = loadAverage()
  if options.memoryOnly {
    try runMemoryOnly(options)
    return
  }
  if options.onlyLabelText {
    let label = Label("label")
    let window = Window(title: "GTKBenchmarks G1", width: 480, height: 120)
    window.child = label
    try show(window)
    let strings = (0..<options.labelValues).map { "Row \($0) was updated just now" }
    let rounds = try measureLabelText(on: label, strings: strings, rounds: options.rounds)
    report(
      "G1 per value (ns): bound \(formatted(rounds.median("bound"))), direct \(formatted(rounds.median("direct"))), "
        + "ratio \(ratio(rounds.medianRatio("bound", to: "direct")))")
    window.destroy()
    return
  }
  if options.onlyFilter {
    let listOptions = ListOptions(options)
    let filter = try measureFilter(listOptions)
    printFilterMedians(filter)
    return
  }
  if options.onlyContactsSearch {
    let contactsOptions = ContactsSearchOptions(options)
    let contactsSearch = try measureContactsSearch(contactsOptions)
    report()
    report(
      "\(machineDescription()); run from \(startedAt), load average at start \(loadAtStart), at end \(loadAverage())")
    report()
    printContactsSearchReport(contactsSearch, options: contactsOptions)
    return
  }
  if options.onlySevenGUIs {
    let sevenGUIs = try measureSevenGUIs(options)
    report()
    report(
      "\(machineDescription()); run from \(startedAt), load average at start \(loadAtStart), at end \(loadAverage())")
    report()
    printSevenGUIsReport(sevenGUIs, options: options)
    return
  }
  // A blinking cursor would wake the loop twice a second; an idle application has no focused field.
  setGTKSetting("gtk-cursor-blink", false)

  // G1 and G2 share one window: the label and three entries, none of them focused.
  let label = Label("label")
  let bound = Entry()
  let changed = Entry()
  let notified = Entry()
  let window = Window(title: "GTKBenchmarks", width: 480, height: 240)
  window.child = Box(.vertical, spacing: 6, [label, bound, changed, notified])
  try show(window)
  gtk_window_set_focus(window.window, nil)
  settle()

  report("G1: Label.text, \(options.labelValues) values × \(options.rounds) rounds…")
  let labelStrings = (0..<options.labelValues).map { "Row \($0) was updated just now" }
  let labelRounds = try measureLabelText(on: label, strings: labelStrings, rounds: options.rounds)

  report("G2: Entry text → model, \(options.keystrokes) texts × \(options.rounds) rounds…")
  let typed = (0..<options.keystrokes).map { "Ada Lovelace \($0)" }
  let entry = try measureEntryText(
    bound: bound,
    changed: changed,
    notified: notified,
    strings: typed,
    rounds: options.rounds
  )
  window.destroy()
  settle()
  if options.onlyG12 {
    printG12Rows(labelRounds: labelRounds, entry: entry)
    return
  }

  report(
    "G3: \(options.memoryLabels) labels × \(options.bindingsPerLabel) bindings, a warm-up and "
      + "\(options.memoryRounds) rounds with and without bindings…"
  )
  let memory = try measureMemory(options)
  if memory == nil { report("G3 skipped: glibc's mallinfo2() is called only on x86-64 (see heapBytesInUse())") }

  report("G4: idle, \(options.idleRounds) × \(options.idleSeconds) s with the bridge alone and with polling…")
  let app = try IdleApp()
  // Idle means after the window's first frames and style transitions have run.
  settle(milliseconds: 1_000)
  var idle: [Bool: [IdleRound]] = [:]
  for round in 0..<options.idleRounds {
    for polling in round % 2 == 0 ? [false, true] : [true, false] {
      idle[polling, default: []].append(idleRound(seconds: options.idleSeconds, polling: polling))
    }
  }
  try app.checkStillBound()
  app.window.destroy()
  settle()

  let listOptions = ListOptions(options)
  let lists = try measureLists(listOptions)
  let contactsOptions = ContactsSearchOptions(options)
  let contactsSearch = try measureContactsSearch(contactsOptions)
  let sevenGUIs = try measureSevenGUIs(options)

  let loadAtEnd = loadAverage()
  printReport(
    options: options,
    machine:
      "\(machineDescription()); run from \(startedAt), load average at start \(loadAtStart), at end \(loadAtEnd)",
    labelRounds: labelRounds,
    entry: entry,
    memory: memory,
    idle: idle
  )
  report()
  printListReport(lists, options: listOptions)
  report()
  printContactsSearchReport(contactsSearch, options: contactsOptions)
  report()
  printSevenGUIsReport(sevenGUIs, options: options)
}

/// `--g12`: the table's G1 and G2 rows, with the ratios per round.
func printG12Rows(labelRounds: Rounds, entry: EntryRounds) {
  let rounds = entry.rounds
  func row(_ title: String, _ bound: String, _ baseline: String, in rounds: Rounds) {
    report(
      "| \(title) | \(bound) / \(baseline) (ns) | \(formatted(rounds.median(bound))) | "
        + "\(formatted(rounds.median(baseline))) | \(ratio(rounds.medianRatio(bound, to: baseline))) |"
    )
  }
  report()
  report("| scenario | measured | bindings | baseline | bindings / baseline |")
  report("|---|---|---:|---:|---:|")
  row("G1", "bound", "direct", in: labelRounds)
  row("G1", "bound.sendingThread", "direct", in: labelRounds)
  row("G2", "set.bound", "set.changed", in: rounds)
  row("G2", "set.bound", "set.notify", in: rounds)
  row("G2", "key.bound", "key.changed", in: rounds)
  row("G2", "key.bound", "key.notify", in: rounds)
  func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
  report("- G1 bound / direct per round: \(list(labelRounds.ratios("bound", to: "direct")))")
  report("- G2 key.bound / key.changed per round: \(list(rounds.ratios("key.bound", to: "key.changed")))")
}

/// `--g3`: runs G3 alone and prints its figures per round, with their medians.
@MainActor
func runMemoryOnly(_ options: Options) throws {
  guard let memory = try measureMemory(options) else {
    report("G3 skipped: glibc's mallinfo2() is called only on x86-64 (see heapBytesInUse())")
    return
  }
  func list(_ values: [Double]) -> String { values.map { String(format: "%.1f", $0) }.joined(separator: " ") }
  let rounds = [memory.warmUp] + memory.bound
  report("G3 bytes per binding, warm-up then each round: \(list(rounds.map(\.bytesPerBinding)))")
  report("G3 making one binding (ns), warm-up then each round: \(list(rounds.map(\.bindNanoseconds)))")
  report(
    "G3 medians after the warm-up: \(formatted(median(memory.bound.map(\.bytesPerBinding)))) bytes, "
      + "\(formatted(median(memory.bound.map(\.bindNanoseconds)))) ns per binding"
  )
}

/// Prints the markdown table, the targets and the rounds behind the medians.
@MainActor
func printReport(
  options: Options,
  machine: String,
  labelRounds: Rounds,
  entry: EntryRounds,
  memory: MemoryResults?,
  idle: [Bool: [IdleRound]]
) {
  let g1 = labelRounds.medianRatio("bound", to: "direct")
  let entryRounds = entry.rounds
  let g2 = entryRounds.medianRatio("set.bound", to: "set.changed")
  let g2Notify = entryRounds.medianRatio("set.bound", to: "set.notify")
  let g2Key = entryRounds.medianRatio("key.bound", to: "key.changed")
  let g2KeyNotify = entryRounds.medianRatio("key.bound", to: "key.notify")
  let bound = memory?.bound ?? []
  /// The median of a memory figure over the rounds with bindings after the warm-up (`nan` if none).
  func boundMedian(_ figure: (MemoryRound) -> Double) -> Double { bound.isEmpty ? .nan : median(bound.map(figure)) }
  let bindings = options.memoryLabels * options.bindingsPerLabel
  let bridge = idle[false] ?? []
  let polling = idle[true] ?? []
  let bridgeCPU = median(bridge.map(\.cpuMilliseconds))
  let pollingCPU = median(polling.map(\.cpuMilliseconds))
  let bridgeWakeUps = median(bridge.map { Double($0.wakeUps) })
  let pollingWakeUps = median(polling.map { Double($0.wakeUps) })
  let seconds = options.idleSeconds
  /// The bytes left after each round of `rounds`, for the report.
  func left(_ rounds: [MemoryRound]) -> String {
    rounds.map { formatted(Double($0.bytesLeft)) }.joined(separator: ", ")
  }

  report()
  report("## GTK bindings: results\(options.isQuick ? " (--quick: small sizes, one round; not a measurement)" : "")")
  report()
  report(machine + ".")
  report(
    "Medians over \(options.rounds) rounds (G1, G2), \(bound.count) rounds after a warm-up (G3), "
      + "\(options.idleRounds) × \(seconds) s per variant (G4)."
  )
  report()
  report("| scenario | measured | bindings | baseline | bindings / baseline |")
  report("|---|---|---:|---:|---:|")
  report(
    "| G1 | `label.reactive.text <~ property`, per value (ns); baseline: `gtk_label_set_text` | "
      + "\(formatted(labelRounds.median("bound"))) | \(formatted(labelRounds.median("direct"))) | \(ratio(g1)) |"
  )
  report(
    "| G1 | the same binding made with `.bindingTarget.deliveredOnSendingThread()`: no main-thread hop check (ns) | "
      + "\(formatted(labelRounds.median("bound.sendingThread"))) | \(formatted(labelRounds.median("direct"))) | "
      + "\(ratio(labelRounds.medianRatio("bound.sendingThread", to: "direct"))) |"
  )
  report(
    "| G2 | `entry.reactive.text <~> model.$name`, per `gtk_editable_set_text` (ns); baseline: hand-connected "
      + "`changed` handler (GTK emits `changed` \(entry.changedPerSetText)× per set, `notify::text` once) | "
      + "\(formatted(entryRounds.median("set.bound"))) | \(formatted(entryRounds.median("set.changed"))) | \(ratio(g2)) |"
  )
  report(
    "| G2 | the same; baseline: the hand-connected handler on `notify::text`, the binding's signal (ns) | "
      + "\(formatted(entryRounds.median("set.bound"))) | \(formatted(entryRounds.median("set.notify"))) | "
      + "\(ratio(g2Notify)) |"
  )
  report(
    "| G2 | the same, per keystroke: one character typed at the end or deleted, in turn (ns); baseline: `changed` | "
      + "\(formatted(entryRounds.median("key.bound"))) | \(formatted(entryRounds.median("key.changed"))) | "
      + "\(ratio(g2Key)) |"
  )
  report(
    "| G2 | the same, per keystroke; baseline: `notify::text` (ns) | "
      + "\(formatted(entryRounds.median("key.bound"))) | \(formatted(entryRounds.median("key.notify"))) | "
      + "\(ratio(g2KeyNotify)) |"
  )
  report(
    "| G3 | heap bytes per live binding, \(formatted(Double(bindings))) `cssClass(_:)` bindings on "
      + "\(formatted(Double(options.memoryLabels))) labels | \(formatted(boundMedian(\.bytesPerBinding))) | n/a | n/a |"
  )
  report(
    "| G3 | for scale: heap bytes per label in the window (GTK widget and wrapper), no bindings | "
      + "n/a | \(formatted(boundMedian(\.bytesPerLabel))) | n/a |"
  )
  report(
    "| G3 | making one binding (ns) | \(formatted(boundMedian(\.bindNanoseconds))) | n/a | n/a |"
  )
  report(
    "| G3 | closing the window (`gtk_window_destroy` until every wrapper has gone), ending all "
      + "\(formatted(Double(bindings))) bindings (ms) | \(formatted(boundMedian(\.teardownMilliseconds), digits: 1)) "
      + "| n/a | n/a |"
  )
  report(
    "| G3 | heap bytes left once the window is closed and the view model dropped, after a warm-up round "
      + "(each round); baseline: the same window without bindings | \(left(bound)) | \(left(memory?.control ?? [])) "
      + "| n/a |"
  )
  report(
    "| G3 | the same, in the warm-up round (GTK's and the Swift runtime's caches filling) | "
      + "\(left(memory.map { [$0.warmUp] } ?? [])) | n/a | n/a |"
  )
  report(
    "| G4 | idle bound app, \(seconds) s of `g_main_loop_run`: process CPU (ms); baseline: plus a 50 ms polling timer | "
      + "\(formatted(bridgeCPU, digits: 1)) | \(formatted(pollingCPU, digits: 1)) | "
      + "\(ratio(bridgeCPU / pollingCPU)) |"
  )
  report(
    "| G4 | the same: main-loop iterations in \(seconds) s, the one that ends at the quit timer included (count) | \(formatted(bridgeWakeUps)) | "
      + "\(formatted(pollingWakeUps)) | \(ratio(bridgeWakeUps / pollingWakeUps)) |"
  )
  report()

  func status(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
  let alive = ((memory?.bound ?? []) + (memory?.control ?? [])).map(\.wrappersAlive).max() ?? 0
  report("- G1 binding into Label.text at most 1.2× gtk_label_set_text: \(ratio(g1)) — \(status(g1 <= 1.2))")
  report(
    "- G2 text into the model through <~> at most 1.3× a hand-connected `changed` handler: \(ratio(g2)) per "
      + "`gtk_editable_set_text` — \(status(g2 <= 1.3)); per keystroke \(ratio(g2Key)) — \(status(g2Key <= 1.3))"
  )
  if let memory, let worst = memory.bound.map(\.bytesLeft).max() {
    report(
      "- G3 nothing left after closing the window: at most \(formatted(Double(worst))) bytes after the warm-up "
        + "(\(formatted(Double(worst) / Double(bindings), digits: 3)) per binding; without bindings at most "
        + "\(formatted(Double(memory.control.map(\.bytesLeft).max() ?? 0))); the warm-up round "
        + "\(formatted(Double(memory.warmUp.bytesLeft)))) — \(status(worst <= 0))"
        + (alive > 0 ? "; \(alive) of the window, box and two probed labels were still alive" : "")
    )
  } else {
    report("- G3 nothing left after closing the window: not measured (no mallinfo2 on this architecture)")
  }
  report(
    "- G4 an idle bound app does not wake: \(formatted(bridgeWakeUps)) loop iterations (1 is the quit timer's), \(formatted(bridgeCPU, digits: 1)) ms "
      + "of CPU in \(seconds) s (polling: \(formatted(pollingWakeUps)), \(formatted(pollingCPU, digits: 1)) ms) "
      + "— \(status(bridgeWakeUps <= 1))"
  )
  report()
  func list(_ values: [Double], digits: Int = 2) -> String {
    values.map { String(format: "%.\(digits)f", $0) }.joined(separator: " ")
  }
  report("Rounds behind the medians:")
  report()
  report("- G1 bound / direct per round: \(list(labelRounds.ratios("bound", to: "direct")))")
  report(
    "- G1 bound with deliveredOnSendingThread() / direct per round: "
      + list(labelRounds.ratios("bound.sendingThread", to: "direct"))
  )
  for (kind, name) in [("set", "set_text"), ("key", "keystroke")] {
    for baseline in ["changed", "notify"] {
      report(
        "- G2 \(name), bound / \(baseline) per round: "
          + list(entryRounds.ratios("\(kind).bound", to: "\(kind).\(baseline)"))
      )
    }
  }
  if let memory {
    report(
      "- G3 bytes per binding, warm-up then each round: "
        + list(([memory.warmUp] + memory.bound).map(\.bytesPerBinding), digits: 1)
    )
  }
  report(
    "- G4 CPU ms, bridge: \(list(bridge.map(\.cpuMilliseconds), digits: 1)); "
      + "polling: \(list(polling.map(\.cpuMilliseconds), digits: 1)); wake-ups, bridge: "
      + "\(bridge.map { String($0.wakeUps) }.joined(separator: " ")); polling: "
      + "\(polling.map { String($0.wakeUps) }.joined(separator: " ")); wall s: "
      + "\(list((bridge + polling).map(\.wallSeconds)))"
  )
}

do {
  try runBenchmarks(options)
} catch {
  FileHandle.standardError.write(Data("GTKBenchmarks FAILED: \(error)\n".utf8))
  exit(1)
}
#else
print("GTKBenchmarks needs GTK 4: Benchmarks/gtk, or swift build -c release --traits GTK (apt install libgtk-4-dev)")
#endif
