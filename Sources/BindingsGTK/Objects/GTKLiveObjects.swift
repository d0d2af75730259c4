#if GTK
import Bindings

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
}
#endif
