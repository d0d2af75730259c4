/// Accounting of the library's live objects, so that a test can check that everything it made was
/// released (in the spirit of RxSwift's `Resources.total`, but safe for tests that run in parallel).
///
/// Every counted class holds a ``LiveObjectToken``. In a debug build the token looks up the current
/// ``LiveObjects/scope`` when its object is made, counts the object there, and uncounts it when the
/// object is deallocated; a release build compiles the token to nothing. The scope is a task-local
/// value, so each test counts only the objects made inside its own task, whichever thread later
/// releases them; an object made on a thread outside any scope (a dispatch queue, a run loop) is
/// not counted.
///
/// `package`, so that the package's tools (the monkey) can read the count of a run.
///
/// ```swift
/// let scope = LiveObjects.Scope()
/// LiveObjects.$scope.withValue(scope) {
///   let token = Just(1).removeDuplicates().sink { _ in }
///   _ = token
/// }
/// print(scope.count)   // prints "0"
/// ```
package enum LiveObjects {
  /// One accounting: how many counted objects made inside it are still alive, by kind.
  package final class Scope: @unchecked Sendable {
    /// The counts, guarded by the scope's lock.
    private struct Counts {
      var liveByKind: [String: Int] = [:]
      var total = 0
      /// The most objects alive at once since the scope was made.
      var peak = 0

      mutating func made(_ kind: String) {
        total += 1
        peak = Swift.max(peak, total)
        liveByKind[kind, default: 0] += 1
      }

      mutating func released(_ kind: String) {
        total -= 1
        liveByKind[kind, default: 0] -= 1
      }
    }

    private let counts = Locked(Counts())

    package init() {}

    /// How many counted objects made in this scope are alive now.
    package var count: Int { counts.withLock { $0.total } }

    /// The most counted objects made in this scope that were alive at the same time.
    package var peakCount: Int { counts.withLock { $0.peak } }

    /// The kinds of the objects still alive, with how many of each, sorted by kind.
    package var liveKinds: [(kind: String, count: Int)] {
      counts.withLock { counts in
        counts.liveByKind.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      }
    }

    fileprivate func made(_ kind: StaticString) {
      let key = kind.description
      counts.withLock { $0.made(key) }
    }

    fileprivate func released(_ kind: StaticString) {
      let key = kind.description
      counts.withLock { $0.released(key) }
    }
  }

  /// The scope that objects made in the current task are counted in; `nil` counts nothing.
  @TaskLocal package static var scope: Scope?
}

/// Counts the object that stores it in the current ``LiveObjects/scope`` for as long as the object
/// lives. Costs nothing in a release build.
///
/// ```swift
/// final class Inner {
///   private let liveObject = LiveObjectToken("Map.Inner")
/// }
/// ```
@usableFromInline
struct LiveObjectToken: ~Copyable {
  #if DEBUG
  private let scope: LiveObjects.Scope?
  private let kind: StaticString
  #endif

  /// Counts a new object of `kind` in the current scope, if there is one.
  @usableFromInline
  init(_ kind: StaticString) {
    #if DEBUG
    self.kind = kind
    scope = LiveObjects.scope
    scope?.made(kind)
    #endif
  }

  deinit {
    #if DEBUG
    scope?.released(kind)
    #endif
  }
}
