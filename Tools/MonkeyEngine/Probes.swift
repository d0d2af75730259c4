#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation

/// What the monkey reads from the process besides the widgets: resident memory, live objects,
/// GLib's warnings.
enum Probes {
  /// The resident memory of the process in KiB (`VmRSS` in `/proc/self/status`), or 0 where there is
  /// no such file.
  static func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  /// The bytes malloc has handed out and not had back, in KiB, in every arena (from
  /// `malloc_info`: each arena's system bytes less its free chunks), or 0 where that is not known.
  /// Unlike the resident size, it does not count memory that malloc keeps after it was freed.
  static func heapInUseKiB() -> Int {
    #if canImport(Glibc)
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return 0 }
    guard let mallocInfo = Self.mallocInfo else {
      fclose(stream)
      free(buffer)
      return 0
    }
    let written = mallocInfo(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard written == 0, let buffer else { return 0 }
    let xml = String(cString: buffer)
    // The totals over all arenas follow the last `</heap>`.
    guard let totals = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) else { return 0 }
    func total(_ tag: String, _ type: String) -> Int {
      guard let start = totals.range(of: "<\(tag) type=\"\(type)\"") else { return 0 }
      let rest = totals[start.upperBound...]
      guard let sizeStart = rest.range(of: "size=\"") else { return 0 }
      return Int(rest[sizeStart.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    let unused = total("total", "fast") + total("total", "rest")
    let system = total("system", "current") + total("total", "mmap")
    return max(0, system - unused) / 1024
    #else
    return 0
    #endif
  }

  #if canImport(Glibc)
  /// glibc's `malloc_info`, which no module Swift imports declares: found by name, once.
  private static let mallocInfo: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32).self)
  }()
  #endif

  /// The library's live objects: those the core counts in `scope` (subscriptions, subjects, sinks,
  /// values; debug builds) and BindingsGTK's own (wrappers, signal handlers).
  static func liveObjects(in scope: LiveObjects.Scope) -> Int {
    scope.count + GTKLiveObjects.total
  }

  /// The kinds of live objects, for a failure's message.
  static func liveKinds(in scope: LiveObjects.Scope) -> String {
    (scope.liveKinds + GTKLiveObjects.liveKinds).map { "\($0.kind) \($0.count)" }.joined(separator: ", ")
  }
}

/// GLib's warnings and criticals, caught by a log writer, so that a warning fails the step that
/// caused it with its message instead of going by on standard error.
///
/// Under `G_DEBUG=fatal-criticals` GLib aborts after a critical; the writer prints what the monkey
/// was doing first, so the seed and the step are on the screen.
enum GLibLog {
  private static let state = Locked(State())

  private struct State {
    var isInstalled = false
    var messages: [String] = []
    var context = ""
  }

  /// Installs the writer once per process; later calls do nothing.
  static func install() {
    let first = state.withLock { state in
      defer { state.isInstalled = true }
      return !state.isInstalled
    }
    guard first else { return }
    g_log_set_writer_func(
      { level, fields, count, userData in
        let severe =
          (level.rawValue
            & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue
              | G_LOG_LEVEL_WARNING.rawValue))
          != 0
        if severe, let fields {
          var message = ""
          var domain = ""
          for index in 0..<Int(count) {
            let field = fields[index]
            guard let key = field.key, let value = field.value else { continue }
            let name = String(cString: key)
            let text =
              field.length < 0
              ? String(cString: value.assumingMemoryBound(to: CChar.self))
              : String(
                decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
            if name == "MESSAGE" { message = text }
            if name == "GLIB_DOMAIN" { domain = text }
          }
          GLibLog.record("\(domain.isEmpty ? "GLib" : domain): \(message)")
        }
        return g_log_writer_default(level, fields, count, userData)
      }, nil, nil)
  }

  /// Says what the monkey is doing, for the message printed before GLib aborts.
  static func setContext(_ context: String) {
    state.withLock { $0.context = context }
  }

  /// The messages caught since the last call.
  static func takeMessages() -> [String] {
    state.withLock { state in
      defer { state.messages.removeAll() }
      return state.messages
    }
  }

  private static func record(_ message: String) {
    let context = state.withLock { state in
      state.messages.append(message)
      return state.context
    }
    FileHandle.standardError.write(Data("monkey: GLib warning during \(context): \(message)\n".utf8))
  }
}
#endif
