import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("autoconnect", .releasesEveryObject)
struct AutoconnectTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("connects on the first subscriber and disconnects when the last one cancels")
  func refCounts() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    #expect(source.subscriberCount == 0)
    shared.subscribe(first)
    shared.subscribe(second)
    #expect(source.subscriberCount == 1)
    source.send(1)
    first.cancel()
    #expect(source.cancelCount == 0)
    source.send(2)
    second.cancel()
    second.cancel()
    #expect(source.cancelCount == 1)
    #expect(first.values == [1] && second.values == [1, 2])
  }

  @Test("a subscriber after a disconnect connects again")
  func reconnects() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    first.cancel()
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(second)
    source.send(5)
    #expect(second.values == [5])
    #expect(source.cancelCount == 1)
    first.cancel()
    second.cancel()
  }
}
