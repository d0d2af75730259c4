import BindingsTesting
import Foundation
import Testing

@testable import Bindings

extension Notification.Name {
  static let interopTestPing = Notification.Name("BindingsTests.interopTestPing")
}

/// An owner that counts the notifications bound to it.
final class NotificationCountingOwner: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  var count = 0
}

@Suite("Foundation: NotificationCenter and Timer publishers", .releasesEveryObject)
struct FoundationInteropTests {
  @Test("publisher(for:object:) delivers each notification posted under the name, on the posting thread")
  func publishesNotifications() {
    let center = NotificationCenter()
    let recorder = RecordingSubscriber<Notification, Never>()
    center.publisher(for: .interopTestPing).subscribe(recorder)
    center.post(name: .interopTestPing, object: nil, userInfo: ["n": 1])
    center.post(name: Notification.Name("other"), object: nil)
    center.post(name: .interopTestPing, object: nil, userInfo: ["n": 2])
    #expect(recorder.values.map { $0.userInfo?["n"] as? Int } == [1, 2])
    recorder.cancel()
  }

  @Test("an object filters the notifications to those it posts")
  func filtersBySender() {
    let center = NotificationCenter()
    let sender = NSObject()
    let recorder = RecordingSubscriber<Notification, Never>()
    center.reactive.notification(.interopTestPing, object: sender).subscribe(recorder)
    center.post(name: .interopTestPing, object: NSObject())
    center.post(name: .interopTestPing, object: sender)
    #expect(recorder.values.count == 1)
    #expect(recorder.values.first?.object as? NSObject === sender)
    recorder.cancel()
  }

  @Test("a notification posted without demand is dropped, as in Combine")
  func dropsWithoutDemand() {
    let center = NotificationCenter()
    let recorder = RecordingSubscriber<Notification, Never>(initialDemand: .max(1))
    center.publisher(for: .interopTestPing).subscribe(recorder)
    center.post(name: .interopTestPing, object: nil, userInfo: ["n": 1])
    center.post(name: .interopTestPing, object: nil, userInfo: ["n": 2])
    recorder.request(.max(1))
    center.post(name: .interopTestPing, object: nil, userInfo: ["n": 3])
    #expect(recorder.values.map { $0.userInfo?["n"] as? Int } == [1, 3])
    recorder.cancel()
  }

  @Test("notifications posted from several threads at once all arrive, one delivery at a time")
  func concurrentPostsAreSerialized() {
    let center = NotificationCenter()
    let subscriber = OverlapDetectingSubscriber<Int>()
    center.publisher(for: .interopTestPing).map { _ in 1 }.subscribe(subscriber)
    runOnThreads(4, name: "post") { _ in
      for _ in 0..<250 { center.post(name: .interopTestPing, object: nil) }
    }
    #expect(subscriber.values.count == 1000)
    #expect(subscriber.maxConcurrentDeliveries == 1)
    subscriber.cancel()
  }

  @Test("nothing is delivered after cancel, and the subscription is released")
  func nothingAfterCancel() {
    let center = NotificationCenter()
    let recorder = RecordingSubscriber<Notification, Never>()
    weak var weakSubscription: AnyObject?
    do {
      center.publisher(for: .interopTestPing).subscribe(recorder)
      weakSubscription = recorder.subscription.map { $0 as AnyObject }
      recorder.cancel()
    }
    center.post(name: .interopTestPing, object: nil)
    #expect(recorder.events == [.subscription])
    #expect(weakSubscription == nil)
  }

  @Test("notifications bound to an owner stop when the owner is deallocated")
  func stopsWithTheOwner() {
    let center = NotificationCenter()
    let cancels = Counter()
    var owner: NotificationCountingOwner? = NotificationCountingOwner()
    weak let weakOwner = owner
    center.reactive.notification(.interopTestPing)
      .handleEvents(receiveCancel: { cancels.increment() })
      ~> (owner!, { owner, _ in owner.count += 1 })
    center.post(name: .interopTestPing, object: nil)
    #expect(owner?.count == 1)
    owner = nil
    #expect(weakOwner == nil)
    #expect(cancels.value == 1, "the observation ends with its owner")
    center.post(name: .interopTestPing, object: nil)
  }

  @Test("Timer.publish(every:on:in:) sends nothing until connected, then dates in order until cancelled")
  func timerPublishes() {
    let runLoop = RunLoop.current
    let timer = Timer.publish(every: 0.001, tolerance: 0, on: runLoop, in: .default)
    var dates: [Date] = []
    let token = timer.sink { dates.append($0) }
    let connection = timer.connect()
    while dates.count < 3 { _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1)) }
    connection.cancel()
    let received = dates.count
    _ = runLoop.run(mode: .default, before: Date())
    #expect(dates.count == received, "nothing after the connection is cancelled")
    #expect(dates == dates.sorted())
    token.cancel()
  }

  @Test("autoconnect() starts the timer with the first subscriber and stops it with the last")
  func timerAutoconnects() {
    let runLoop = RunLoop.current
    var dates: [Date] = []
    let token = Timer.publish(every: 0.001, on: runLoop, in: .default).autoconnect().sink { dates.append($0) }
    while dates.count < 2 { _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1)) }
    token.cancel()
    let received = dates.count
    _ = runLoop.run(mode: .default, before: Date())
    #expect(dates.count == received)
  }
}
