#if GTK
import Bindings
import CGTK

/// How many of BindingsGTK's own objects are alive, by kind: wrappers and signal handlers. Tests
/// check that closing a window brings it back to where it was; `package`, so that the package's tools
/// (the monkey) report it too.
package enum GTKLiveObjects {
  private static let counts = Locked<[String: Int]>([:])

  static func made(_ kind: String) {
    counts.withLock { $0[kind, default: 0] += 1 }
  }

  static func released(_ kind: String) {
    counts.withLock { $0[kind, default: 0] -= 1 }
  }

  /// How many objects of `kind` are alive.
  package static func count(_ kind: String) -> Int {
    counts.withLock { $0[kind, default: 0] }
  }

  /// How many objects of every kind are alive.
  package static var total: Int {
    counts.withLock { $0.values.reduce(0, +) }
  }

  /// The GObjects of the wrappers alive in a debug build, with their GType names.
  private static let wrapped = Locked<[UInt: String]>([:])

  static func wrapped(_ object: UnsafeMutableRawPointer, typeName: String?) {
    wrapped.withLock { $0[UInt(bitPattern: object)] = typeName }
  }

  /// In a debug build, one line per live wrapper: its GObject's type, how many references the
  /// GObject has (1: only the wrapper's, so Swift code holds the wrapper), its parent, and whether
  /// it has been disposed.
  @MainActor
  package static var liveWrappers: [String] {
    wrapped.withLock { $0 }.sorted { $0.value < $1.value }.map { address, typeName in
      let object = UnsafeMutableRawPointer(bitPattern: address)!
      let wrapper = GObjectWrapper.wrapper(for: object)
      var line = "\(typeName) (references \(cgtk_object_ref_count(object))"
      if let widget = wrapper as? Widget, let parent = gtk_widget_get_parent(widget.widget) {
        line += ", in \(String(cString: cgtk_object_type_name(parent)))"
      }
      return line + (wrapper?.isDisposed == true ? ", disposed)" : ")")
    }
  }

  /// The kinds of the objects still alive, with how many of each, sorted by kind; in a debug build
  /// the wrappers also by the GType they wrap (`GObjectWrapper(GtkLabel)`).
  package static var liveKinds: [(kind: String, count: Int)] {
    let kinds = counts.withLock { $0 }.merging(
      wrapped.withLock { $0 }.values.map { ("GObjectWrapper(\($0))", 1) }, uniquingKeysWith: +)
    return kinds.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
#endif
