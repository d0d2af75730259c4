import BindingsTesting
import Foundation
import Testing

@testable import Bindings

private struct Point: Codable, Equatable {
  var x: Int
  var y: Int
}

@Suite("encode(encoder:) and decode(type:decoder:)", .releasesEveryObject)
struct EncodeDecodeTests {
  @Test("encode(encoder:) encodes each value with a TopLevelEncoder")
  func encodes() {
    let recorder = RecordingSubscriber<String, any Error>()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    Just(Point(x: 1, y: 2)).encode(encoder: encoder).map { String(decoding: $0, as: UTF8.self) }.subscribe(recorder)
    #expect(recorder.values == [#"{"x":1,"y":2}"#])
    #expect(recorder.completion.map { if case .finished = $0 { true } else { false } } == true)
  }

  @Test("decode(type:decoder:) decodes each value, and a decoding error fails the publisher")
  func decodes() {
    let subject = PassthroughSubject<Data, Never>()
    let recorder = RecordingSubscriber<Point, any Error>()
    subject.decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
    subject.send(Data(#"{"x":3,"y":4}"#.utf8))
    subject.send(Data("not json".utf8))
    subject.send(Data(#"{"x":5,"y":6}"#.utf8))
    #expect(recorder.values == [Point(x: 3, y: 4)])
    if case .failure(let error)? = recorder.completion {
      #expect(error is DecodingError)
    } else {
      Issue.record("expected a decoding failure")
    }
  }

  @Test("a value survives a round trip through a property-list encoder and decoder")
  func roundTrips() {
    let recorder = RecordingSubscriber<Point, any Error>()
    Just(Point(x: 7, y: 8)).encode(encoder: PropertyListEncoder())
      .decode(type: Point.self, decoder: PropertyListDecoder())
      .subscribe(recorder)
    #expect(recorder.values == [Point(x: 7, y: 8)])
  }

  @Test("encode and decode release everything once the subscription ends")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.encode(encoder: JSONEncoder()) }
    expectLifecycleForEveryEnding { $0.map { Data("\($0)".utf8) }.decode(type: Int.self, decoder: JSONDecoder()) }
  }
}
