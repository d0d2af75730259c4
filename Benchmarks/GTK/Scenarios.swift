#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation
import Glibc

// MARK: - Models

/// A view model as an application writes it: `@Published` properties, and the bag that owns the
/// bindings into it.
final class NameModel: BindingOwner {
  let bindings = BindingBag()
  @Published var name = ""
}

/// The hand-written baseline's model: a plain stored property, and how many times it was set.
final class PlainNameModel {
  var name = ""
  var changes = 0
}

/// A `changed` handler, as written by hand in C style: reads the text and stores it.
private let changedHandler: @convention(c) (gpointer?, gpointer?) -> Void = { editable, data in
  let model = Unmanaged<PlainNameModel>.fromOpaque(data!).takeUnretainedValue()
  model.name = String(cString: gtk_editable_get_text(OpaquePointer(editable)))
  model.changes += 1
}

/// The same handler for `notify::text`, whose handlers take the property's `GParamSpec` too.
private let notifyHandler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { editable, _, data in
  let model = Unmanaged<PlainNameModel>.fromOpaque(data!).takeUnretainedValue()
  model.name = String(cString: gtk_editable_get_text(OpaquePointer(editable)))
  model.changes += 1
}

/// Releases the model a hand-connected handler retained, when GLib drops the handler.
private let releaseModel: GClosureNotify = { data, _ in
  Unmanaged<PlainNameModel>.fromOpaque(data!).release()
}

/// Connects a hand-written handler to `signal` of `widget`, retaining `model` as its data.
@MainActor
private func connectByHand(_ widget: Widget, _ signal: String, notify: Bool, model: PlainNameModel) {
  let callback =
    notify ? unsafeBitCast(notifyHandler, to: GCallback.self) : unsafeBitCast(changedHandler, to: GCallback.self)
  let data = Unmanaged.passRetained(model).toOpaque()
  let id = g_signal_connect_data(widget.object, signal, callback, data, releaseModel, GConnectFlags(0))
  precondition(id != 0, "no signal \(signal)")
}

// MARK: - Timed variants

/// The per-round figures of the variants of one scenario, measured in alternation.
struct Rounds {
  var samples: [String: [Double]] = [:]

  /// The median of `variant`'s rounds.
  func median(_ variant: String) -> Double { GTKBenchmarks.median(samples[variant] ?? []) }

  /// The median, over the rounds, of `variant` ÷ `baseline` within the same round.
  func medianRatio(_ variant: String, to baseline: String) -> Double {
    GTKBenchmarks.median(zip(samples[variant] ?? [], samples[baseline] ?? []).map { $0 / $1 })
  }

  /// Each round's `variant` ÷ `baseline`, for the report.
  func ratios(_ variant: String, to baseline: String) -> [Double] {
    zip(samples[variant] ?? [], samples[baseline] ?? []).map { $0 / $1 }
  }
}

/// Runs every variant once untimed, then `rounds` rounds of all of them, the order rotated each
/// round so that none always runs first; each run returns its time per operation.
@MainActor
private func alternate(
  rounds: Int,
  _ variants: [(name: String, run: () throws -> Double)]
) throws -> Rounds {
  for variant in variants { _ = try variant.run() }
  var result = Rounds()
  for round in 0..<rounds {
    for index in 0..<variants.count {
      let variant = variants[(index + round) % variants.count]
      result.samples[variant.name, default: []].append(try variant.run())
    }
  }
  return result
}

// MARK: - G1: a binding into Label.text

/// `label.reactive.text <~ property`, the property set from a precomputed array of distinct
/// strings on the main thread (so the binding writes at once), against `gtk_label_set_text` with
/// the same strings, on the same label; and, to show what the main-thread delivery costs, the same
/// binding made with `bindingTarget.deliveredOnSendingThread()`. Each bound run binds first (untimed), replacing
/// the previous binding. Nanoseconds per value.
@MainActor
func measureLabelText(on label: Label, strings: [String], rounds: Int) throws -> Rounds {
  let text = MutableProperty("")
  let pointer = label.label
  let last = strings.last!
  func bound(onSendingThread: Bool) -> () throws -> Double {
    {
      if onSendingThread {
        // Through `bindingTarget`: `label.reactive.text.deliveredOnSendingThread()` would pick the
        // key-path target of `Label.text`, another identity, and bind a second writer.
        label.reactive.text.bindingTarget.deliveredOnSendingThread() <~ text
      } else {
        label.reactive.text <~ text
      }
      try check(
        label.bindings.count == 1 && label.text == text.value,
        "the label has \(label.bindings.count) bindings and shows \"\(label.text)\", not \"\(text.value)\""
      )
      let time = nanoseconds {
        for string in strings { text.value = string }
      }
      try check(label.text == last, "the bound label shows \"\(label.text)\", not \"\(last)\"")
      settle(milliseconds: 20)
      return time / Double(strings.count)
    }
  }
  return try alternate(
    rounds: rounds,
    [
      ("bound", bound(onSendingThread: false)),
      ("bound.sendingThread", bound(onSendingThread: true)),
      (
        "direct",
        {
          let time = nanoseconds {
            for string in strings { gtk_label_set_text(pointer, string) }
          }
          try check(label.text == last, "the label shows \"\(label.text)\", not \"\(last)\"")
          settle(milliseconds: 20)
          return time / Double(strings.count)
        }
      ),
    ]
  )
}

// MARK: - G2: typed text into a view model through <~>

/// What G2 measured, and how often GTK emits `changed` for one `gtk_editable_set_text`.
struct EntryRounds {
  var rounds: Rounds
  var changedPerSetText: Int
}

/// Text changes made through GTK's own editing into three entries: one bound with
/// `entry.reactive.text <~> model.$name`, one with a hand-connected `changed` handler writing a
/// plain property, one with the same handler on `notify::text` (the signal the binding listens to).
/// Two kinds of change, nanoseconds per change: `set.*`, `gtk_editable_set_text` with a distinct
/// text each time (GTK deletes the old text and inserts the new one, and emits `changed` for
/// each); `key.*`, one character typed at the end, then deleted, in turn (one `changed` each).
@MainActor
func measureEntryText(
  bound: Entry,
  changed: Entry,
  notified: Entry,
  strings: [String],
  rounds: Int
) throws -> EntryRounds {
  let model = NameModel()
  bound.reactive.text <~> model.$name
  let byChanged = PlainNameModel()
  connectByHand(changed, "changed", notify: false, model: byChanged)
  let byNotify = PlainNameModel()
  connectByHand(notified, "notify::text", notify: true, model: byNotify)
  let entries = [bound, changed, notified]

  // Each text set reaches each model, once for the binding and the notify::text handler; and the
  // binding works the other way too.
  for entry in entries { gtk_editable_set_text(entry.editable, "check 0") }
  var modelChanges = 0
  let counter = model.$name.sink { _ in modelChanges += 1 }
  let changedBefore = byChanged.changes
  let notifiedBefore = byNotify.changes
  for text in ["check 1", "check 2", "check 3"] {
    for entry in entries { gtk_editable_set_text(entry.editable, text) }
  }
  counter.cancel()
  try check(modelChanges == 4 && model.name == "check 3", "the model changed \(modelChanges - 1) times for 3 texts")
  let notifications = byNotify.changes - notifiedBefore
  try check(notifications == 3, "the notify::text handler ran \(notifications) times for 3 texts")
  try check(byChanged.name == "check 3", "the changed handler's model holds \"\(byChanged.name)\"")
  let changedPerSetText = (byChanged.changes - changedBefore) / 3
  model.name = "from the model"
  try check(bound.text == "from the model", "the model's change did not reach the bound entry")

  let last = strings.last!
  /// `gtk_editable_set_text` with each of `strings`.
  func settingText(into entry: Entry, _ model: @escaping () -> String) -> () throws -> Double {
    let editable = entry.editable
    return {
      let time = nanoseconds {
        for string in strings { gtk_editable_set_text(editable, string) }
      }
      try check(model() == last, "the model holds \"\(model())\", not the last text \"\(last)\"")
      settle(milliseconds: 20)
      return time / Double(strings.count)
    }
  }
  // An odd number of keystrokes, so that the last one types a character.
  let keystrokes = strings.count | 1
  let base = "Ada Lovelace"
  let baseLength = Int32(base.count)
  let characters = (0..<26).map { String(UnicodeScalar(UInt8(97 + $0))) }
  let typedLast = base + characters[(keystrokes / 2) % characters.count]
  /// A character typed at the end, then deleted, in turn.
  func typing(into entry: Entry, _ model: @escaping () -> String) -> () throws -> Double {
    let editable = entry.editable
    return {
      gtk_editable_set_text(editable, base)
      let time = nanoseconds {
        for index in 0..<keystrokes {
          if index % 2 == 0 {
            var position = baseLength
            gtk_editable_insert_text(editable, characters[(index / 2) % characters.count], 1, &position)
          } else {
            gtk_editable_delete_text(editable, baseLength, -1)
          }
        }
      }
      try check(model() == typedLast, "the model holds \"\(model())\", not the typed text \"\(typedLast)\"")
      settle(milliseconds: 20)
      return time / Double(keystrokes)
    }
  }
  let rounds = try alternate(
    rounds: rounds,
    [
      ("set.bound", settingText(into: bound) { model.name }),
      ("set.changed", settingText(into: changed) { byChanged.name }),
      ("set.notify", settingText(into: notified) { byNotify.name }),
      ("key.bound", typing(into: bound) { model.name }),
      ("key.changed", typing(into: changed) { byChanged.name }),
      ("key.notify", typing(into: notified) { byNotify.name }),
    ]
  )
  return EntryRounds(rounds: rounds, changedPerSetText: changedPerSetText)
}

// MARK: - G3: memory per live binding, and after the window closes

/// One round of the memory scenario.
struct MemoryRound {
  /// Heap bytes the window, the labels and their wrappers took, per label.
  var bytesPerLabel: Double
  /// Heap bytes the bindings took, per binding.
  var bytesPerBinding: Double
  /// Nanoseconds to make one binding.
  var bindNanoseconds: Double
  /// Milliseconds from `gtk_window_destroy` until every wrapper has gone, which ends every binding.
  var teardownMilliseconds: Double
  /// Heap bytes still in use after the window was destroyed, the view model dropped and the loop
  /// drained, compared with before the window and the view model were made.
  var bytesLeft: Int
  /// How many of the window, the box and two labels were still alive after that.
  var wrappersAlive: Int
}

/// G3's rounds: one with bindings to warm up GTK's and the runtime's caches, then rounds with
/// bindings and rounds of the same window without bindings (the control), in alternation.
struct MemoryResults {
  var warmUp: MemoryRound
  var bound: [MemoryRound] = []
  var control: [MemoryRound] = []
}

/// Runs G3, or returns `nil` where the heap cannot be measured.
@MainActor
func measureMemory(_ options: Options) throws -> MemoryResults? {
  guard heapAccountingWorks() else { return nil }
  let classNames = (0..<options.bindingsPerLabel).map { "flag-\($0)" }
  var results = MemoryResults(warmUp: try memoryRound(labels: options.memoryLabels, classNames: classNames))
  for round in 0..<options.memoryRounds {
    for withBindings in round % 2 == 0 ? [true, false] : [false, true] {
      let result = try memoryRound(labels: options.memoryLabels, classNames: withBindings ? classNames : [])
      if withBindings { results.bound.append(result) } else { results.control.append(result) }
    }
  }
  return results
}

/// A weak reference, to see that a wrapper has gone.
struct WeakReference {
  weak var object: AnyObject?
}

/// The view model of the memory scenario: one flag per style class, all `false`.
final class FlagsModel {
  let flags: [MutableProperty<Bool>]

  init(count: Int) {
    flags = (0..<count).map { _ in MutableProperty(false) }
  }
}

/// `labels` labels in a box in a scrolled window, each label's `reactive.cssClass(name)` bound to
/// the flag of a view model for each of `classNames` (`MutableProperty<Bool>`, all `false`).
/// Measures the heap before and after the bindings; then destroys the window as closing it does,
/// with no Swift reference to any widget left, waits until every wrapper has gone, drops the view
/// model, and measures what is left. Needs ``heapAccountingWorks()``.
@MainActor
func memoryRound(labels count: Int, classNames: [String]) throws -> MemoryRound {
  settle()
  let before = heapBytesInUse()!
  var model: FlagsModel? = FlagsModel(count: classNames.count)
  var (round, window, probes) = try buildAndBind(labels: count, classNames: classNames, model: model!)
  let teardown = nanoseconds {
    gtk_window_destroy(window)
    GTK.iterateMainLoop(until: { probes.allSatisfy { $0.object == nil } })
  }
  round.teardownMilliseconds = teardown / 1e6
  round.wrappersAlive = probes.filter { $0.object != nil }.count
  // The weak references keep their objects' side tables allocated: gone before the heap is measured.
  probes.removeAll()
  model = nil
  settle(milliseconds: 300)
  round.bytesLeft = heapBytesInUse()! - before
  return round
}

/// Makes the window, binds the labels and measures; returns the window to destroy, and weak
/// references to some of its wrappers. No Swift reference to a widget outlives the call: GTK holds
/// the shown window, and the window its children, as in an application.
@MainActor
private func buildAndBind(
  labels count: Int,
  classNames: [String],
  model: FlagsModel
) throws -> (round: MemoryRound, window: UnsafeMutablePointer<GtkWindow>, probes: [WeakReference]) {
  let before = heapBytesInUse()!
  let window = Window(title: "GTKBenchmarks memory", width: 400, height: 600)
  let scroller = Widget(gtk_scrolled_window_new(), ownership: .transferred)
  let box = Box(.vertical)
  let labels = (0..<count).map { Label("Row \($0)") }
  for label in labels { box.append(label) }
  gtk_scrolled_window_set_child(scroller.opaque, box.widget)
  window.child = scroller
  try show(window)
  let withWidgets = heapBytesInUse()!

  let bindTime = nanoseconds {
    for label in labels {
      for (name, flag) in zip(classNames, model.flags) { label.reactive.cssClass(name) <~ flag }
    }
  }
  let withBindings = heapBytesInUse()!
  let bindings = count * classNames.count

  // The bindings are live: a flag turned on reaches every label, and turned off again too.
  try check(labels.allSatisfy { $0.bindings.count == classNames.count }, "a label does not own all its bindings")
  if let flag = model.flags.last, let name = classNames.last {
    flag.value = true
    try check(labels.allSatisfy { $0.hasCSSClass(name) }, "a flag did not reach every label")
    flag.value = false
    try check(!labels.contains { $0.hasCSSClass(name) }, "a flag turned off did not reach every label")
  }

  let probes =
    [WeakReference(object: window), WeakReference(object: box)]
    + [labels.first!, labels.last!].map { WeakReference(object: $0) }
  let round = MemoryRound(
    bytesPerLabel: Double(withWidgets - before) / Double(count),
    bytesPerBinding: bindings == 0 ? .nan : Double(withBindings - withWidgets) / Double(bindings),
    bindNanoseconds: bindings == 0 ? .nan : bindTime / Double(bindings),
    teardownMilliseconds: 0,
    bytesLeft: 0,
    wrappersAlive: 0
  )
  return (round, window.window, probes)
}

// MARK: - G4: an idle application

/// A small window bound to a view model, as an application's would be.
@MainActor
final class IdleApp {
  let window = Window(title: "GTKBenchmarks idle", width: 320, height: 200)
  let model = NameModel()
  let status = MutableProperty("Ready")
  let isAdmin = MutableProperty(false)
  let greeting = Label()
  let field = Entry()
  let adminBox = CheckButton("Admin")
  let statusLabel = Label()

  init() throws {
    greeting.reactive.text <~ model.$name.map { "Hello, \($0)" }
    field.reactive.text <~> model.$name
    adminBox.reactive.isActive <~> isAdmin
    statusLabel.reactive.text <~ status
    statusLabel.reactive.cssClass("dim-label") <~ isAdmin
    window.child = Box(.vertical, spacing: 6, [greeting, field, adminBox, statusLabel])
    try show(window)
  }

  /// The bindings still work after the idle time, including a value sent from another thread,
  /// which reaches the label only through the main-queue bridge.
  func checkStillBound() throws {
    model.name = "after idle"
    try check(greeting.text == "Hello, after idle", "the greeting did not follow the model after the idle time")
    let status = self.status
    DispatchQueue.global().async { status.value = "from a background thread" }
    let arrived = GTK.iterateMainLoop(until: { self.statusLabel.text == "from a background thread" })
    try check(arrived, "a value sent from a background thread did not reach the label through the main queue")
  }
}

/// One idle run: the loop's CPU time and wake-ups.
struct IdleRound {
  var cpuMilliseconds: Double
  var wallSeconds: Double
  var wakeUps: Int
}

/// Quits the main loop passed as its data; a one-shot source.
private let quitLoop: GSourceFunc = { loop in
  g_main_loop_quit(OpaquePointer(loop))
  return 0  // G_SOURCE_REMOVE
}

/// What a binding library without a bridge does every 50 ms: gives the main run loop (and with it
/// the main queue) one turn without waiting.
private let pumpMainRunLoop: GSourceFunc = { _ in
  _ = RunLoop.main.run(mode: .default, before: .distantPast)
  return 1  // G_SOURCE_CONTINUE
}

/// Runs GTK's real loop (`g_main_loop_run`) for `seconds`, quit by a one-shot
/// `g_timeout_add_seconds`, and measures the process's CPU time and the loop's wake-ups across it;
/// with `polling`, a 50 ms timer pumping the main run loop runs meanwhile.
@MainActor
func idleRound(seconds: UInt32, polling: Bool) -> IdleRound {
  settle()
  let loop = g_main_loop_new(nil, 0)!
  let poller = polling ? g_timeout_add(50, pumpMainRunLoop, nil) : 0
  _ = g_timeout_add_seconds(seconds, quitLoop, UnsafeMutableRawPointer(loop))
  countLoopIterations(true)
  loopPolls = 0
  let startCPU = processCPUMilliseconds()
  let start = monotonicNanoseconds()
  g_main_loop_run(loop)
  let wall = Double(monotonicNanoseconds() - start) / 1e9
  let cpu = processCPUMilliseconds() - startCPU
  let wakeUps = loopPolls
  countLoopIterations(false)
  if polling { g_source_remove(poller) }
  g_main_loop_unref(loop)
  return IdleRound(cpuMilliseconds: cpu, wallSeconds: wall, wakeUps: wakeUps)
}
#endif
