import Testing

@testable import Bindings

/// A trait that fails a test when the library objects it made are not all released by its end.
///
/// The test body runs inside a fresh ``LiveObjects/Scope``; every counted object made in the test's
/// task is counted there. When the body returns, the count must be back to zero (within 2,000 polls
/// a millisecond apart, for objects a finished thread is still letting go of); otherwise the test
/// gets an issue naming the kinds still alive. Applied to a suite, it checks each test.
///
/// ```swift
/// @Suite("map", .releasesEveryObject)
/// struct MapTests { … }
/// ```
struct ReleasesEveryObjectTrait: TestTrait, SuiteTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope call wraps no test case; each test gets its own accounting.
    guard testCase != nil else { return try await function() }
    let scope = LiveObjects.Scope()
    try await LiveObjects.$scope.withValue(scope) { try await function() }
    // A thread or task the test started may still be letting go of its last references (a finished
    // `Thread` releases its closure after it signalled): give it up to 2,000 polls before counting,
    // counted in polls rather than seconds so that a pool stalled by other tests does not spend them.
    _ = await eventuallyPolled(polls: 2_000) { scope.count == 0 }
    let live = scope.liveKinds
    if !live.isEmpty {
      let listed = live.map { "\($0.kind) × \($0.count)" }.joined(separator: ", ")
      Issue.record("library objects made by this test are still alive at its end: \(listed)")
    }
  }
}

extension Trait where Self == ReleasesEveryObjectTrait {
  /// Fails a test when the library objects it made are not all released by its end.
  static var releasesEveryObject: Self { Self() }
}
