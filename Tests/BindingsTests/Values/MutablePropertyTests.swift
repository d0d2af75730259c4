import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("MutableProperty", .releasesEveryObject)
struct MutablePropertyTests {
  @Test("replays its current value on subscribe, then every change; never completes")
  func replaysAndPublishes() {
    let property = MutableProperty("Ada")
    let recorder = RecordingSubscriber<String, Never>()
    property.subscribe(recorder)
    property.value = "Grace"
    #expect(recorder.events == [.subscription, .value("Ada"), .value("Grace")])
    #expect(property.value == "Grace")
    recorder.cancel()
  }

  @Test("honours demand")
  func demand() {
    let property = MutableProperty(0)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    property.subscribe(recorder)
    property.value = 1
    property.value = 2
    #expect(recorder.values == [0, 1])
    // The latest value, held while demand was zero, arrives as soon as demand returns (as in Combine).
    recorder.request(.max(1))
    #expect(recorder.values == [0, 1, 2])
    property.value = 3
    #expect(recorder.values == [0, 1, 2])
    recorder.cancel()
  }

  @Test("cancel stops delivery and removes the subscriber")
  func cancel() {
    let property = MutableProperty(0)
    let recorder = RecordingSubscriber<Int, Never>()
    property.subscribe(recorder)
    recorder.cancel()
    property.value = 1
    #expect(recorder.values == [0])
    #expect(property.subject.core.subscriberCount == 0)
  }

  @Test("is a binding target; bindings into it live as long as it does")
  func target() {
    let source = PassthroughSubject<Int, Never>()
    weak var weakProperty: MutableProperty<Int>?
    do {
      let property = MutableProperty(0)
      weakProperty = property
      property <~ source
      source.send(4)
      #expect(property.value == 4)
    }
    #expect(weakProperty == nil)
    #expect(source.core.subscriberCount == 0)
  }

  @Test("binding a new source replaces the previous one")
  func oneSource() {
    let property = MutableProperty(0)
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    property <~ first
    property <~ second
    first.send(1)
    #expect(property.value == 0)
    second.send(2)
    #expect(property.value == 2)
  }

  @Test("a subscriber that is released, with the property, leaves nothing behind")
  func lifecycle() {
    weak var weakProperty: MutableProperty<Int>?
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    do {
      let property = MutableProperty(0)
      let recorder = RecordingSubscriber<Int, Never>()
      weakProperty = property
      weakRecorder = recorder
      property.subscribe(recorder)
      property.value = 1
      recorder.cancel()
    }
    #expect(weakProperty == nil)
    #expect(weakRecorder == nil)
  }

  @Test("is safe to set from many threads; every subscriber sees the last value")
  func concurrentSets() {
    let property = MutableProperty(0)
    let recorder = RecordingSubscriber<Int, Never>()
    property.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for value in 0..<200 { property.value = index * 1000 + value }
    }
    property.value = -1
    #expect(recorder.values.count == 802)
    #expect(recorder.values.last == -1)
    recorder.cancel()
  }

  @Test("map derives a read-only property that keeps a current value")
  func map() {
    let name = MutableProperty("Ada")
    let length: Property<Int> = name.map { $0.count }
    #expect(length.value == 3)
    name.value = "Grace"
    #expect(length.value == 5)
    let recorder = RecordingSubscriber<Int, Never>()
    length.subscribe(recorder)
    name.value = "Al"
    #expect(recorder.events == [.subscription, .value(5), .value(2)])
    recorder.cancel()
  }

  @Test("a property made with map does not keep its source alive, and keeps its last value after it")
  func mapDoesNotKeepItsSourceAlive() {
    weak var weakName: MutableProperty<String>?
    var length: Property<Int>?
    do {
      let name = MutableProperty("Ada")
      weakName = name
      length = name.map { $0.count }
      name.value = "Grace"
    }
    #expect(weakName == nil)
    #expect(length?.value == 5)
  }
}

@Suite("Property", .releasesEveryObject)
struct PropertyTests {
  @Test("a constant property replays its value")
  func constant() {
    let property = Property(value: 7)
    let recorder = RecordingSubscriber<Int, Never>()
    property.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(7)])
    recorder.cancel()
  }

  @Test("a read-only view follows its mutable property")
  func view() {
    let source = MutableProperty(1)
    let view = Property(source)
    source.value = 2
    #expect(view.value == 2)
  }

  @Test("map of a property chains, keeping current values")
  func chainedMap() {
    let celsius = MutableProperty(20.0)
    let fahrenheit = celsius.map { $0 * 9 / 5 + 32 }
    let label = fahrenheit.map { "\($0)°F" }
    celsius.value = 100
    #expect(fahrenheit.value == 212)
    #expect(label.value == "212.0°F")
  }

  @Test("a derived property can be a binding source")
  func bindingSource() {
    let label = BindingTestLabel()
    let count = MutableProperty(2)
    label.reactive.text <~ count.map { "\($0) items" }
    count.value = 3
    #expect(label.text == "3 items")
  }

  @Test("a binding keeps a derived property alive until its owner dies, then releases it")
  func keptAliveByBinding() {
    let count = MutableProperty(2)
    weak var weakDerived: Property<String>?
    var label: BindingTestLabel? = BindingTestLabel()
    do {
      let derived = count.map { "\($0)" }
      weakDerived = derived
      label!.reactive.text <~ derived
    }
    #expect(weakDerived != nil)
    label = nil
    #expect(weakDerived == nil)
    #expect(count.subject.core.subscriberCount == 0)
  }

  @Test("dropping a derived property cancels its subscription to the source")
  func lifecycle() {
    let source = MutableProperty(1)
    weak var weakDerived: Property<Int>?
    do {
      let derived = source.map { $0 * 2 }
      weakDerived = derived
      #expect(source.subject.core.subscriberCount == 1)
    }
    #expect(weakDerived == nil)
    #expect(source.subject.core.subscriberCount == 0)
  }
}
