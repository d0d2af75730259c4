import BindingsTesting
import Testing

@testable import Bindings

@Suite("map(keyPath)", .releasesEveryObject)
struct MapKeyPathTests {
  struct Point: Equatable {
    var x: Int
    var y: Int
    var z: Int
  }

  @Test("one key path publishes that property of every value")
  func oneKeyPath() {
    let subject = PassthroughSubject<Point, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    let mapped: Publishers.MapKeyPath<PassthroughSubject<Point, TestError>, Int> = subject.map(\.x)
    mapped.subscribe(recorder)
    subject.send(Point(x: 1, y: 2, z: 3))
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("two key paths publish a tuple of both properties")
  func twoKeyPaths() {
    let subject = PassthroughSubject<Point, TestError>()
    let recorder = RecordingSubscriber<(Int, Int), TestError>()
    let mapped: Publishers.MapKeyPath2<PassthroughSubject<Point, TestError>, Int, Int> = subject.map(\.x, \.y)
    mapped.subscribe(recorder)
    subject.send(Point(x: 1, y: 2, z: 3))
    subject.send(completion: .finished)
    #expect(recorder.values.map { [$0.0, $0.1] } == [[1, 2]])
    #expect(recorder.completion == .finished)
  }

  @Test("three key paths publish a tuple of the three properties")
  func threeKeyPaths() {
    let subject = PassthroughSubject<Point, TestError>()
    let recorder = RecordingSubscriber<(Int, Int, Int), TestError>()
    let mapped: Publishers.MapKeyPath3<PassthroughSubject<Point, TestError>, Int, Int, Int> =
      subject.map(\.x, \.y, \.z)
    mapped.subscribe(recorder)
    subject.send(Point(x: 1, y: 2, z: 3))
    subject.send(completion: .finished)
    #expect(recorder.values.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
    #expect(recorder.completion == .finished)
  }

  @Test("demand reaches the upstream unchanged; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Point, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.map(\.y).subscribe(recorder)
    probe.send(Point(x: 1, y: 2, z: 3))
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1)])

    let subject = PassthroughSubject<Point, Never>()
    let limited = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.map(\.x).subscribe(limited)
    for value in 1...3 { subject.send(Point(x: value, y: 0, z: 0)) }
    #expect(limited.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Point, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.map(\.x).subscribe(recorder)
    recorder.cancel()
    subject.send(Point(x: 1, y: 2, z: 3))
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription])

    let probe = UpstreamProbe<Point, Never>()
    let probed = RecordingSubscriber<(Int, Int), Never>()
    probe.map(\.x, \.z).subscribe(probed)
    probed.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.map(\.bitWidth) }
    expectLifecycleForEveryEnding { $0.map(\.bitWidth, \.description) }
    expectLifecycleForEveryEnding { $0.map(\.bitWidth, \.description, \.magnitude) }
  }
}
