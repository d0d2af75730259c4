import Testing

/// The suites that use `MainThreadScheduler.shared` and expect work made on the main thread to run
/// at once. The shared scheduler keeps order across everything scheduled on it, so a hop to the main
/// queue left pending by a test running in parallel would make such a test wait; these suites run
/// one at a time instead.
///
/// no-leak-accounting: this suite holds no test of its own; each suite nested in it carries
/// `.releasesEveryObject` itself.
@Suite(.serialized)
enum MainThreadSerialized {}
