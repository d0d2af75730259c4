#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation

// TEMPORARY: profiling entry points, removed before handing over.
nonisolated(unsafe) var pollLog: [String] = []
let loggingPoll: GPollFunc = { fds, count, timeout in
  let start = monotonicNanoseconds()
  let result = g_poll(fds, count, timeout)
  var ready: [String] = []
  for i in 0..<Int(count) where fds![i].revents != 0 { ready.append("fd\(fds![i].fd)") }
  pollLog.append("t=\(start / 1_000_000 % 100_000) timeout=\(timeout) result=\(result) ready=\(ready) nfds=\(count)")
  return result
}
@MainActor
func profileIfAsked() throws {
  guard let what = ProcessInfo.processInfo.environment["GTKBENCH_PROFILE"] else { return }
  setGTKSetting("gtk-cursor-blink", false)
  let label = Label("label")
  let bound = Entry()
  let window = Window(title: "GTKBenchmarks", width: 480, height: 240)
  window.child = Box(.vertical, spacing: 6, [label, bound])
  try show(window)
  gtk_window_set_focus(window.window, nil)
  settle()
  let strings = (0..<200_000).map { "Row \($0) was updated just now" }
  switch what {
  case "label":
    let text = MutableProperty("")
    label.reactive.text <~ text
    for _ in 0..<10 { for s in strings { text.value = s } }
  case "labeldirect":
    for _ in 0..<10 { for s in strings { gtk_label_set_text(label.label, s) } }
  case "key", "keydirect":
    let model = NameModel()
    if what == "key" { bound.reactive.text <~> model.$name }
    let editable = bound.editable
    gtk_editable_set_text(editable, "Ada Lovelace")
    for index in 0..<400_000 {
      if index % 2 == 0 {
        var position: Int32 = 12
        gtk_editable_insert_text(editable, "x", 1, &position)
      } else {
        gtk_editable_delete_text(editable, 12, -1)
      }
    }
  case "bind":
    let flags = (0..<100).map { _ in MutableProperty(false) }
    let names = (0..<Int(ProcessInfo.processInfo.environment["PER"] ?? "100")!).map { "flag-\($0)" }
    for _ in 0..<20 {
      let labels = (0..<1000).map { Label("Row \($0)") }
      for l in labels { for (n, f) in zip(names, flags) { l.reactive.cssClass(n) <~ f } }
    }
  case "memory":
    let names = (0..<Int(ProcessInfo.processInfo.environment["PER"] ?? "100")!).map { "flag-\($0)" }
    let labels = Int(ProcessInfo.processInfo.environment["LABELS"] ?? "100")!
    for _ in 0..<6 {
      let r = try memoryRound(labels: labels, classNames: names)
      print(r)
    }
  case "micro":
    let n = 1_000_000
    var hits = 0
    let t1 = nanoseconds { for _ in 0..<n { if Thread.isMainThread { hits += 1 } } }
    let t2 = nanoseconds { for _ in 0..<n { MainActor.assumeIsolated { hits += 1 } } }
    let t3 = nanoseconds { for _ in 0..<n { MainThreadScheduler.shared.schedule { hits += 1 } } }
    let t4 = nanoseconds { for _ in 0..<n { if GTK.isGTKThread { hits += 1 } } }
    let t5 = nanoseconds { for _ in 0..<n { if pthread_self() == pthread_self() { hits += 1 } } }
    print("Thread.isMainThread \(t1 / Double(n)) ns; MainActor.assumeIsolated \(t2 / Double(n)) ns; MainThreadScheduler.schedule \(t3 / Double(n)) ns; GTK.isGTKThread \(t4 / Double(n)) ns; pthread_self \(t5 / Double(n)) ns; \(hits)")
  case "parts":
    func measure(_ name: String, _ body: () throws -> Void) rethrows {
      var lefts: [Int] = []
      for _ in 0..<6 {
        settle()
        let before = heapBytesInUse()!
        try body()
        settle(milliseconds: 300)
        lefts.append(heapBytesInUse()! - before)
      }
      print(name, lefts)
    }
    measure("settle only") {}
    measure("raw gtk window new+destroy, not shown") {
      let w = gtk_window_new()!
      gtk_window_destroy(UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkWindow.self))
    }
    try measure("raw gtk window shown+destroy") {
      let w = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
      gtk_window_present(w)
      GTK.iterateMainLoop(until: { gtk_widget_get_mapped(UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkWidget.self)) != 0 })
      settle()
      gtk_window_destroy(w)
    }
    measure("Window wrapper not shown") {
      let w = Window(title: "x")
      w.destroy()
    }
    try measure("Window wrapper shown") {
      let w = Window(title: "x")
      try show(w)
      w.destroy()
    }
    measure("Label wrapper alone") {
      _ = Label("x")
    }
  case "idle":
    let app = try IdleApp()
    _ = app
    settle(milliseconds: 1000)
    g_main_context_set_poll_func(nil, loggingPoll)
    let loop = g_main_loop_new(nil, 0)!
    _ = g_timeout_add_seconds(5, { loop in g_main_loop_quit(OpaquePointer(loop)); return 0 }, UnsafeMutableRawPointer(loop))
    pollLog.removeAll()
    g_main_loop_run(loop)
    for entry in pollLog { print(entry) }
  default: break
  }
  exit(0)
}
#endif
