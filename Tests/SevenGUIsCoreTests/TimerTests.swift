import Bindings
import BindingsTesting
import SevenGUIsCore
import Testing

@Suite("Timer, on virtual time")
struct TimerTests {
  @Test("Rule 1: the elapsed time grows by one tick per tick interval")
  func grows() {
    let scheduler = TestScheduler()
    let timer = TimerModel(scheduler: scheduler, duration: 10, tick: 0.1)
    #expect(timer.elapsed == 0)
    scheduler.advance(by: .milliseconds(100))
    #expect(timer.elapsed == 0.1)
    scheduler.advance(by: .milliseconds(2400))
    #expect(timer.elapsed == 2.5)
  }

  @Test("Rule 2: at the duration the timer stops, the gauge full, and nothing stays scheduled")
  func stops() {
    let scheduler = TestScheduler()
    let timer = TimerModel(scheduler: scheduler, duration: 1, tick: 0.1)
    let fraction = RecordingSubscriber<Double, Never>()
    timer.fraction.subscribe(fraction)
    defer { fraction.cancel() }
    scheduler.advance(by: .seconds(5))
    #expect(timer.elapsed == 1)
    #expect(fraction.values.last == 1)
    #expect(fraction.values.count == 11, "0, 0.1, …, 1: no tick after the end")
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test("Rule 3: a longer duration restarts a stopped timer; a shorter one stops a running one")
  func durationApplies() {
    let scheduler = TestScheduler()
    let timer = TimerModel(scheduler: scheduler, duration: 1, tick: 0.1)
    scheduler.advance(by: .seconds(2))
    timer.duration = 2
    scheduler.advance(by: .milliseconds(500))
    #expect(timer.elapsed == 1.5)
    timer.duration = 1.2
    scheduler.advance(by: .seconds(1))
    #expect(timer.elapsed == 1.5, "a shorter duration stops it where it is")
    #expect(scheduler.scheduledActionCount == 0)
    var fraction: Double?
    _ = timer.fraction.sink { fraction = $0 }
    #expect(fraction == 1)
  }

  @Test("Rule 3: moving the duration changes the gauge at once, while running")
  func gaugeFollowsDuration() {
    let scheduler = TestScheduler()
    let timer = TimerModel(scheduler: scheduler, duration: 10, tick: 0.1)
    let fraction = RecordingSubscriber<Double, Never>()
    timer.fraction.subscribe(fraction)
    defer { fraction.cancel() }
    scheduler.advance(by: .seconds(2))
    timer.duration = 4
    #expect(fraction.values.last == 0.5)
  }

  @Test("Rule 4: reset sets the elapsed time to zero and runs again")
  func reset() {
    let scheduler = TestScheduler()
    let timer = TimerModel(scheduler: scheduler, duration: 1, tick: 0.1)
    scheduler.advance(by: .seconds(3))
    timer.reset()
    #expect(timer.elapsed == 0)
    scheduler.advance(by: .milliseconds(300))
    #expect(timer.elapsed == 0.3)
  }

  @Test("Rule 5: a dropped timer stops ticking and is released")
  func lifetime() {
    let scheduler = TestScheduler()
    weak var weakTimer: TimerModel?
    do {
      let timer = TimerModel(scheduler: scheduler, duration: 10)
      weakTimer = timer
      scheduler.advance(by: .seconds(1))
    }
    #expect(weakTimer == nil)
    scheduler.advance(by: .seconds(1))
  }
}
