import Testing

@testable import Bindings

@Suite("ImmediateScheduler", .releasesEveryObject)
struct ImmediateSchedulerTests {
  @Test("runs every kind of action at once, a single time")
  func runsAtOnce() {
    let scheduler = ImmediateScheduler.shared
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append("after") }
    let token = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeating") }
    token.cancel()
    #expect(log == ["now", "after", "repeating"])
  }

  @Test("time does not pass")
  func timeDoesNotPass() {
    let now = ImmediateScheduler.shared.now
    #expect(now.distance(to: now.advanced(by: 3)) == 0)
    #expect(ImmediateScheduler.SchedulerTimeType.Stride.seconds(2) == 0)
    #expect(ImmediateScheduler.SchedulerTimeType.Stride(2) + 3 == 5)
  }
}
