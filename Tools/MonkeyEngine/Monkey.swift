#if GTK
import Bindings
import BindingsGTK
import Foundation

/// An app under the monkey: its windows, the random things a user does to them, and what must hold
/// after each.
///
/// ```swift
/// final class CounterApp: MonkeyApp {
///   func open() { … }                                  // a fresh window
///   func close() { … }                                 // destroys it
///   func act(_ random: inout MonkeyRandom) -> String { view.button.click(); return "click Count" }
///   var isBusy: Bool { false }
///   func violations() -> [String] { view.count.text == "\(model.count)" ? [] : ["the label …"] }
/// }
/// ```
@MainActor
public protocol MonkeyApp: AnyObject {
  /// Opens the app's windows.
  func open()
  /// Destroys every window the app opened.
  func close()
  /// Performs one random user action through GTK and says what it did ("type \"a\" into Search").
  func act(_ random: inout MonkeyRandom) -> String
  /// Whether work the app started off the main thread is still running: the monkey checks only
  /// once it has finished.
  var isBusy: Bool { get }
  /// Every invariant that does not hold now, as a sentence; empty when all is well.
  func violations() -> [String]
  /// What the app's own data amounts to now ("3,012 contacts, 61,204 characters"), printed with each
  /// memory sample, so that a growing model can be told from growing memory; empty by default.
  var footprint: String { get }
}

extension MonkeyApp {
  /// Nothing to say.
  public var footprint: String { "" }
}

/// The first step after which something was wrong.
public struct MonkeyFailure: Sendable, CustomStringConvertible {
  /// The step's number, from 1.
  public let step: Int
  /// What the step did.
  public let action: String
  /// What was wrong after it.
  public let problems: [String]

  /// "step 12 (click Delete): the list shows 3 rows, the model has 2".
  public var description: String { "step \(step) (\(action)): \(problems.joined(separator: "; "))" }
}

/// What a monkey run did and found.
public struct MonkeyReport: Sendable {
  /// The app's name.
  public let app: String
  /// The seed every step's random numbers come from.
  public let seed: UInt64
  /// How many actions were performed.
  public var actions = 0
  /// The failures found (the run stops at the first).
  public var failures: [MonkeyFailure] = []
  /// Resident memory in KiB after warm-up and at the end.
  public var residentKiB = (start: 0, end: 0)
  /// Resident memory in KiB, sampled every ``Monkey/sampleEvery`` actions.
  public var residentSamples: [(actions: Int, kiB: Int)] = []
  /// The library's live objects with every window closed, after warm-up and at the end.
  public var liveObjects = (start: 0, end: 0)
  /// The steps that still fail once the shrinker is done, with what each did; `nil` without a
  /// failure, or when the failure did not come back on replay.
  public var reproduction: [(step: Int, action: String)]?
  /// The length of the shortest failing prefix of the run.
  public var shortestPrefix: Int?

  /// The last line the command prints.
  public var summary: String {
    "monkey: \(app) seed \(seed) \(actions) actions \(failures.count) failures "
      + "rss \(residentKiB.start) -> \(residentKiB.end) live \(liveObjects.start) -> \(liveObjects.end)"
  }
}

/// Throws random user actions at an app's windows, checks the app's invariants after each, and
/// shrinks a failure to the fewest steps that still fail.
///
/// ```swift
/// let monkey = Monkey(app: "contacts") { ContactsMonkey() }
/// let report = monkey.run(seed: 42, actions: 300)
/// print(report.summary)   // "monkey: contacts seed 42 300 actions 0 failures rss … live 0 -> 0"
/// ```
///
/// Every step draws from its own generator, made from the seed and the step's number, so a step can
/// be left out on replay without changing what the others do. After every step the monkey drains
/// GTK's loop (and the main queue), waits for the app's background work, and checks: the app's
/// invariants, GLib's warnings, and the library's diagnostics (none of the actions asks for one).
/// Now and then it closes every window and checks that the library's live objects are back to
/// their count after warm-up, then reopens them.
@MainActor
public final class Monkey {
  /// The app's name, for the report.
  public let appName: String
  private let makeApp: @MainActor () -> any MonkeyApp
  private let log: (String) -> Void
  /// One step in how many, on average, closes every window and reopens it.
  public var reopenEvery = 400
  /// Whether every step is logged as it is performed (`--trace`).
  public var traces = false
  /// What the report calls the step that closes every window and reopens it.
  static let reopenAction = "close every window, then reopen them"
  /// Resident memory is sampled every this many actions.
  public var sampleEvery = 10_000
  /// How long the shrinker may replay a failure.
  public var shrinkTime: Duration = .seconds(120)

  /// A monkey for the app `make` builds (a fresh one for each run and each replay).
  public init(
    app: String, log: @escaping (String) -> Void = { print($0) }, make: @escaping @MainActor () -> any MonkeyApp
  ) {
    appName = app
    makeApp = make
    self.log = log
  }

  /// Runs from `seed` for `actions` steps or until `deadline`, whichever comes first; on a failure,
  /// shrinks it (when `shrinks`).
  public func run(
    seed: UInt64, actions: Int? = nil, until deadline: ContinuousClock.Instant? = nil, shrinks: Bool = true
  ) -> MonkeyReport {
    let session = Session(monkey: self, seed: seed, samples: true)
    session.run(steps: StepSource(limit: actions, deadline: deadline))
    var report = session.report
    if shrinks, let failure = report.failures.first {
      log("monkey: FAILED at \(failure)")
      log("monkey: shrinking (replaying from seed \(seed) in fresh windows)")
      let shrunk = shrink(seed: seed, failingStep: failure.step)
      report.shortestPrefix = shrunk?.prefix
      report.reproduction = shrunk?.steps
      if shrunk == nil {
        // Timing decided it: what the run did since it last opened the windows is all there is to go on.
        let performed = session.performed.dropLast()
        let opened = performed.lastIndex { $0.action == Self.reopenAction }.map { $0 + 1 } ?? performed.startIndex
        log("monkey: the \(performed.count - opened) steps since the windows were last opened, and the failing one:")
        for (step, action) in session.performed[opened...] { log("  \(step): \(action)") }
      }
    }
    return report
  }

  /// Replays exactly `steps` from `seed` (a reproduction the monkey printed).
  public func replay(seed: UInt64, steps: [Int]) -> MonkeyReport {
    let session = Session(monkey: self, seed: seed, samples: false)
    session.run(steps: StepSource(steps: steps))
    return session.report
  }

  /// The shortest failing prefix (by bisection), then the fewest of its steps that still fail (by
  /// leaving out runs of steps, halving their length), within ``shrinkTime``.
  private func shrink(seed: UInt64, failingStep: Int) -> (prefix: Int, steps: [(step: Int, action: String)])? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: shrinkTime)
    func failure(_ steps: [Int]) -> (failure: MonkeyFailure, log: [(step: Int, action: String)])? {
      let session = Session(monkey: self, seed: seed, samples: false)
      session.run(steps: StepSource(steps: steps))
      return session.report.failures.first.map { ($0, session.performed) }
    }
    // Opening the windows failed: no step is needed.
    guard failingStep >= 1 else { return (0, []) }
    guard var best = failure(Array(1...failingStep)) else {
      log("monkey: the failure did not come back when the run was replayed")
      return nil
    }
    var low = 1
    var high = best.failure.step
    while low < high && clock.now < deadline {
      let middle = (low + high) / 2
      if let shorter = failure(Array(1...middle)) {
        best = shorter
        high = shorter.failure.step
      } else {
        low = middle + 1
      }
    }
    let prefix = high
    log("monkey: shortest failing prefix: \(prefix) steps")
    var steps = Array(1...prefix)
    var chunk = max(1, steps.count / 2)
    while chunk >= 1 && clock.now < deadline {
      var start = 0
      var removedAny = false
      while start < steps.count - 1 && clock.now < deadline {
        // The last step is the one that fails: it stays.
        let end = min(start + chunk, steps.count - 1)
        let candidate = Array(steps[..<start] + steps[end...])
        if let smaller = failure(candidate) {
          best = smaller
          steps = Array(candidate.prefix { $0 <= smaller.failure.step })
          removedAny = true
        } else {
          start = end
        }
      }
      if chunk > 1 {
        chunk /= 2
      } else if !removedAny {
        break
      }
    }
    return (prefix, best.log.filter { steps.contains($0.step) })
  }

  // MARK: - One run

  /// Which steps a session performs: the first `limit` (or until a deadline), or exactly these.
  fileprivate struct StepSource {
    var limit: Int?
    var deadline: ContinuousClock.Instant?
    var listed: [Int]?

    init(limit: Int?, deadline: ContinuousClock.Instant?) {
      (self.limit, self.deadline) = (limit, deadline)
    }

    init(steps: [Int]) {
      listed = steps
    }

    /// The step after `done` steps were performed, the last being `previous`, or `nil` to stop.
    func next(after done: Int, previous: Int) -> Int? {
      if let listed { return done < listed.count ? listed[done] : nil }
      if let limit, done >= limit { return nil }
      if let deadline, ContinuousClock().now >= deadline { return nil }
      return previous + 1
    }
  }

  /// One run of the app from a seed: fresh windows, a fresh count of live objects.
  @MainActor
  fileprivate final class Session {
    let monkey: Monkey
    let seed: UInt64
    let samples: Bool
    var report: MonkeyReport
    /// The steps performed and what each did: all of them in a replay (the shrinker keeps those
    /// that still fail), and in a run only those since the reopening of the windows before the
    /// last one (what the run prints when its failure does not come back, even when the failure
    /// was found at a reopening), so that a long run's memory does not grow with its own log.
    var performed: [(step: Int, action: String)] = []
    /// The heap in use the last time every window was closed: the same state each time, so that
    /// its trend shows what stays behind.
    private var heapWithWindowsClosedKiB: Int?
    private let diagnostics = DiagnosticLog()
    private let scope = LiveObjects.Scope()

    init(monkey: Monkey, seed: UInt64, samples: Bool) {
      self.monkey = monkey
      self.seed = seed
      self.samples = samples
      report = MonkeyReport(app: monkey.appName, seed: seed)
    }

    func run(steps: StepSource) {
      GLibLog.install()
      _ = GLibLog.takeMessages()
      let diagnostics = diagnostics
      Diagnostics.observing({ message in diagnostics.messages.withLock { $0.append(message) } }) {
        LiveObjects.$scope.withValue(scope) {
          MainActor.assumeIsolated { perform(steps) }
        }
      }
    }

    private func perform(_ steps: StepSource) {
      GLibLog.setContext("seed \(seed), warm-up")
      let app = monkey.makeApp()
      // Warm-up: one open and close, so that what is made once per process counts as the start.
      app.open()
      settle(app)
      app.close()
      report.liveObjects.start = settleLiveObjects(app, to: nil)
      report.residentKiB.start = Probes.residentKiB()
      app.open()
      var problems = settle(app) + takeProblems(app)
      if !problems.isEmpty {
        report.failures.append(MonkeyFailure(step: 0, action: "open the windows", problems: problems))
      }

      var done = 0
      var step = 0
      while report.failures.isEmpty, let next = steps.next(after: done, previous: step) {
        step = next
        done += 1
        GLibLog.setContext("seed \(seed), step \(step)")
        var random = MonkeyRandom(seed: seed &+ UInt64(step) &* 0xD1B5_4A32_D192_ED03)
        let action: String
        problems = []
        if random.below(monkey.reopenEvery) == 0 {
          action = Monkey.reopenAction
          app.close()
          let live = settleLiveObjects(app, to: report.liveObjects.start)
          if samples { heapWithWindowsClosedKiB = Probes.heapInUseKiB() }
          if live != report.liveObjects.start {
            let kinds = Probes.liveKinds(in: scope)
            // Late or never: whether GTK lets go of them given more time tells a slow release from a leak.
            GTK.iterateMainLoop(
              until: { Probes.liveObjects(in: scope) == report.liveObjects.start }, timeout: .seconds(10))
            problems.append(
              "with every window closed, \(live) library objects are alive; \(report.liveObjects.start) after "
                + "warm-up (alive: \(kinds)); \(Probes.liveObjects(in: scope)) after another 10 s; the wrappers: "
                + GTKLiveObjects.liveWrappers.joined(separator: "; "))
          }
          app.open()
        } else {
          action = app.act(&random)
        }
        let wasBusy = app.isBusy
        // Kept: the steps since the reopen before this one, which a failure found at this one needs.
        if samples && action == Monkey.reopenAction,
          let previous = performed.lastIndex(where: { $0.action == Monkey.reopenAction })
        {
          performed.removeSubrange(..<previous)
        }
        performed.append((step, action))
        if monkey.traces { monkey.log("  \(step): \(action)") }
        report.actions = done
        problems += settle(app)
        if wasBusy && !app.violations().isEmpty {
          // Values published on another thread reach GTK's thread by the main queue: a value published
          // just after the work was seen finished has yet to arrive. Give it time, not a pass.
          GTK.iterateMainLoop(until: { app.violations().isEmpty }, timeout: .seconds(2))
        }
        problems += takeProblems(app)
        if !problems.isEmpty {
          report.failures.append(MonkeyFailure(step: step, action: action, problems: problems))
        }
        if samples && done % monkey.sampleEvery == 0 {
          let resident = Probes.residentKiB()
          report.residentSamples.append((done, resident))
          let footprint = app.footprint
          monkey.log(
            "monkey: \(done) actions, rss \(resident) KiB, heap in use \(Probes.heapInUseKiB()) KiB ("
              + (heapWithWindowsClosedKiB.map { "\($0) KiB" } ?? "not yet measured")
              + " when every window was last closed), live \(Probes.liveObjects(in: scope)) with windows open"
              + (footprint.isEmpty ? "" : "; \(footprint)"))
        }
      }

      GLibLog.setContext("seed \(seed), closing every window at the end")
      app.close()
      report.liveObjects.end = settleLiveObjects(app, to: report.liveObjects.start)
      report.residentKiB.end = Probes.residentKiB()
      problems = takeProblems(app, checkingApp: false)
      if report.failures.isEmpty && report.liveObjects.end != report.liveObjects.start {
        problems.append(
          "with every window closed at the end, \(report.liveObjects.end) library objects are alive; "
            + "\(report.liveObjects.start) after warm-up (alive: \(Probes.liveKinds(in: scope)))")
      }
      if report.failures.isEmpty && !problems.isEmpty {
        report.failures.append(MonkeyFailure(step: step, action: "close every window at the end", problems: problems))
      }
    }

    /// Runs GTK's loop until nothing is ready and the app's background work has finished.
    @discardableResult
    private func settle(_ app: any MonkeyApp) -> [String] {
      GTK.drainMainLoop()
      var problems: [String] = []
      if app.isBusy && !GTK.iterateMainLoop(until: { !app.isBusy }, timeout: .seconds(20)) {
        problems.append("the app's background work did not finish within 20 s")
      }
      GTK.drainMainLoop()
      GTK.drainMainLoop()
      return problems
    }

    /// Settles, then waits up to two seconds for the live objects to come down to `target` (GTK
    /// releases some objects on a later turn of its loop); returns the count.
    private func settleLiveObjects(_ app: any MonkeyApp, to target: Int?) -> Int {
      settle(app)
      if let target {
        GTK.iterateMainLoop(until: { Probes.liveObjects(in: scope) == target }, timeout: .seconds(2))
      } else {
        GTK.iterateMainLoop(until: { false }, timeout: .milliseconds(200))
      }
      return Probes.liveObjects(in: scope)
    }

    /// The app's broken invariants, GLib's warnings and the library's diagnostics since the last call.
    private func takeProblems(_ app: any MonkeyApp, checkingApp: Bool = true) -> [String] {
      (checkingApp ? app.violations() : []) + GLibLog.takeMessages().map { "GLib warned: \($0)" }
        + diagnostics.messages.withLock { messages in
          defer { messages.removeAll() }
          return messages
        }.map { "unexpected diagnostic: \($0)" }
    }
  }
}

/// The library's diagnostics made during a session, on GTK's thread.
private final class DiagnosticLog: Sendable {
  let messages = Locked<[String]>([])
}

/// What a widget shows against what its model says, as a broken invariant when they differ.
///
/// ```swift
/// var problems: [String] = []
/// expect(&problems, "the count label", shows: view.count.text, model: "\(model.count)")
/// ```
public func expect<T: Equatable>(_ problems: inout [String], _ what: String, shows shown: T, model: T) {
  if shown != model { problems.append("\(what) shows \(shown), its model says \(model)") }
}
#endif
