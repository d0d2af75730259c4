import Bindings
import BindingsTesting

extension Chapter {
  /// Where and when work runs: debounce, throttle, delay and receive(on:) on a virtual clock.
  public static let schedulersAndTime = Chapter(
    title: "Schedulers and time",
    run: runSchedulersAndTime,
    expectedOutput: """

      ▸ Time operators take a scheduler; this chapter uses a TestScheduler
        An app passes MainThreadScheduler.shared or a DispatchQueue. A TestScheduler's clock moves
        only when you move it, so the output below is the same on every run.
        │ let scheduler = TestScheduler()   // from BindingsTesting

      ▸ debounce: wait for a pause in typing
        │ let search = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print("search \\($0)") }
        │ query.send("s"); scheduler.advance(by: .milliseconds(100))
        │ query.send("sw"); scheduler.advance(by: .milliseconds(299))
        ✗ no search yet at t = 399 ms: each keystroke restarted the 300 ms wait
        │ scheduler.advance(by: .milliseconds(1))
        → at t = 400 ms: search "sw"
        ✗ no search for "s": it was superseded before it settled

      ▸ throttle: at most one value per interval, here the latest
        │ let scheduler = TestScheduler()   // a fresh clock for each step from here on
        │ let position = scrolls.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { print($0) }
        │ for offset in [10, 20, 30] { scrolls.send(offset); scheduler.advance(by: .milliseconds(400)) }
        │ scheduler.advance(by: .seconds(1))
        → at t = 0 ms: scrolled to 10
        → at t = 1000 ms: scrolled to 30
        ✗ 20 was never delivered: 30 was the latest when the interval ended

      ▸ delay: every event arrives one interval later
        │ let toast = saves.delay(for: .seconds(2), scheduler: scheduler).sink { print("toast: \\($0)") }
        │ saves.send("Saved")
        │ scheduler.advance(by: .seconds(2))
        ✗ no toast at t = 0 ms
        → at t = 2000 ms: toast "Saved"

      ▸ MainThreadScheduler: at once on the main thread, otherwise a hop to the main queue
        │ MainThreadScheduler.shared.schedule { print("inside") }
        │ print("after")
        → inside
        → after
        On the main thread the action ran before schedule returned: a UI binding made there holds
        its value at once, with no frame of flicker. Order is kept among everything scheduled on it.
      """
  )
}

@MainActor
private func runSchedulersAndTime(_ transcript: Transcript) {
  transcript.step("Time operators take a scheduler; this chapter uses a TestScheduler")
  transcript.explain("An app passes MainThreadScheduler.shared or a DispatchQueue. A TestScheduler's clock moves")
  transcript.explain("only when you move it, so the output below is the same on every run.")
  var scheduler = TestScheduler()
  transcript.code("let scheduler = TestScheduler()   // from BindingsTesting")

  transcript.step("debounce: wait for a pause in typing")
  let query = PassthroughSubject<String, Never>()
  transcript.code(
    """
    let search = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print("search \\($0)") }
    query.send("s"); scheduler.advance(by: .milliseconds(100))
    query.send("sw"); scheduler.advance(by: .milliseconds(299))
    """
  )
  let search = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink {
    transcript.happened("at \(milliseconds(scheduler.now)): search \"\($0)\"")
  }
  query.send("s")
  scheduler.advance(by: .milliseconds(100))
  query.send("sw")
  scheduler.advance(by: .milliseconds(299))
  transcript.didNotHappen("no search yet at \(milliseconds(scheduler.now)): each keystroke restarted the 300 ms wait")
  transcript.code("scheduler.advance(by: .milliseconds(1))")
  scheduler.advance(by: .milliseconds(1))
  transcript.didNotHappen("no search for \"s\": it was superseded before it settled")
  search.cancel()

  transcript.step("throttle: at most one value per interval, here the latest")
  transcript.code("let scheduler = TestScheduler()   // a fresh clock for each step from here on")
  scheduler = TestScheduler()
  let scrolls = PassthroughSubject<Int, Never>()
  transcript.code(
    """
    let position = scrolls.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { print($0) }
    for offset in [10, 20, 30] { scrolls.send(offset); scheduler.advance(by: .milliseconds(400)) }
    scheduler.advance(by: .seconds(1))
    """
  )
  let position = scrolls.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink {
    transcript.happened("at \(milliseconds(scheduler.now)): scrolled to \($0)")
  }
  for offset in [10, 20, 30] {
    scrolls.send(offset)
    scheduler.advance(by: .milliseconds(400))
  }
  scheduler.advance(by: .seconds(1))
  transcript.didNotHappen("20 was never delivered: 30 was the latest when the interval ended")
  position.cancel()

  transcript.step("delay: every event arrives one interval later")
  scheduler = TestScheduler()
  let saves = PassthroughSubject<String, Never>()
  transcript.code(
    """
    let toast = saves.delay(for: .seconds(2), scheduler: scheduler).sink { print("toast: \\($0)") }
    saves.send("Saved")
    scheduler.advance(by: .seconds(2))
    """
  )
  let toast = saves.delay(for: .seconds(2), scheduler: scheduler).sink {
    transcript.happened("at \(milliseconds(scheduler.now)): toast \"\($0)\"")
  }
  saves.send("Saved")
  transcript.didNotHappen("no toast at \(milliseconds(scheduler.now))")
  scheduler.advance(by: .seconds(2))
  toast.cancel()

  transcript.step("MainThreadScheduler: at once on the main thread, otherwise a hop to the main queue")
  transcript.code(
    """
    MainThreadScheduler.shared.schedule { print("inside") }
    print("after")
    """
  )
  MainThreadScheduler.shared.schedule { transcript.happened("inside") }
  transcript.happened("after")
  transcript.explain("On the main thread the action ran before schedule returned: a UI binding made there holds")
  transcript.explain("its value at once, with no frame of flicker. Order is kept among everything scheduled on it.")
}

/// A test scheduler's time, for reading: "400 ms".
private func milliseconds(_ time: TestScheduler.SchedulerTimeType) -> String {
  "t = \(time.nanoseconds / 1_000_000) ms"
}
