import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// A source that remembers, weakly, the subscriber it was given and hands it an empty subscription.
private final class WeakTrackingSource: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never
  weak var subscriber: AnyObject?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    self.subscriber = subscriber as AnyObject
    subscriber.receive(subscription: Subscriptions.empty)
  }
}

private final class EdgeLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

@Suite("binding edge cases", .releasesEveryObject)
struct BindingEdgeCaseTests {
  @Test("a target with a scheduler still writes the last value of a source that completes right after it")
  func scheduledTargetGetsValueOfCompletingSource() {
    let scheduler = TestScheduler()
    let label = EdgeLabel()
    label.reactive.text.delivered(on: scheduler) <~ Just("Ada")
    #expect(label.text == nil)
    scheduler.advance()
    #expect(label.text == "Ada")
    #expect(label.bindings.count == 0)
  }

  @Test("a second <~> onto the same right-hand side keeps the first two-way binding")
  func twoWayTwiceOnSameRight() {
    let a = MutableProperty("a")
    let b = MutableProperty("b")
    let c = MutableProperty("c")
    a <~> b
    c <~> b
    b.value = "x"
    #expect(c.value == "x")
    #expect(a.value == "x")
    a.value = "y"
    #expect(b.value == "y")
    #expect(c.value == "y")
  }

  @Test("an input binding into the right side of a two-way binding does not end the two-way binding")
  func inputBindingDoesNotEndTwoWay() {
    let field = MutableProperty("")
    let name = MutableProperty("Ada")
    field <~> name
    let service = PassthroughSubject<String, Never>()
    name <~ service
    field.value = "Grace"
    #expect(name.value == "Grace")
    service.send("Alan")
    #expect(field.value == "Alan")
  }

  @Test("forwarding into a subject, then unbinding, leaves nothing behind in the subject")
  func forwarderReleasedAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let source = WeakTrackingSource()
    do {
      let token = source ~> subject
      token.cancel()
    }
    #expect(source.subscriber == nil)
    withExtendedLifetime(subject) {}
  }

  @Test("linking a publisher into a subject, then unlinking, leaves nothing behind in the subject")
  func subscribeSubjectReleasedAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let upstream = PassthroughSubject<Int, Never>()
    weak var weakLink: AnyObject?
    do {
      let recorder = RecordingSubscriber<Int, Never>()
      subject.subscribe(recorder)
      let link = upstream.subscribe(subject)
      upstream.send(1)
      #expect(recorder.values == [1])
      link.cancel()
      weakLink = subject.core.upstreamsForTesting.first.map { $0 as AnyObject }
      recorder.cancel()
    }
    #expect(weakLink == nil)
    #expect(subject.core.upstreamsForTesting.isEmpty)
  }
}
