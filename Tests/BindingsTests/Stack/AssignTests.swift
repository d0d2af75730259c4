import BindingsTesting
import Testing

@testable import Bindings

@Suite("Subscribers.Assign", .releasesEveryObject)
struct AssignTests {
  @Test("assigns each value to the property")
  func assignsValues() {
    let model = Model()
    let subject = PassthroughSubject<String, Never>()
    let token = subject.assign(to: \.title, on: model)
    subject.send("a")
    #expect(model.title == "a")
    subject.send("b")
    #expect(model.title == "b")
    _ = token
  }

  @Test("requests unlimited values")
  func requestsUnlimited() {
    let model = Model()
    let token = ["a", "b", "c"].publisher.assign(to: \.title, on: model)
    #expect(model.title == "c")
    _ = token
  }

  @Test("strong: keeps the object alive until cancel, then cancels upstream and lets it go")
  func strongKeepsObjectUntilCancel() {
    let subject = PassthroughSubject<String, Never>()
    weak var weakModel: Model?
    let token: AnyCancellable
    do {
      let model = Model()
      weakModel = model
      token = subject.assign(to: \.title, on: model)
    }
    #expect(weakModel != nil)
    subject.send("a")
    #expect(weakModel?.title == "a")
    token.cancel()
    #expect(weakModel == nil)
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("strong: lets the object go once the upstream completes")
  func strongReleasesObjectOnCompletion() {
    let subject = PassthroughSubject<String, Never>()
    weak var weakModel: Model?
    let token: AnyCancellable
    do {
      let model = Model()
      weakModel = model
      token = subject.assign(to: \.title, on: model)
    }
    #expect(weakModel != nil)
    subject.send(completion: .finished)
    #expect(weakModel == nil)
    withExtendedLifetime(token) {}
  }

  @Test("strong: nothing is assigned after cancel")
  func nothingAfterCancel() {
    let model = Model()
    let subject = PassthroughSubject<String, Never>()
    let subscriber = Subscribers.Assign(object: model, keyPath: \Model.title)
    subject.subscribe(subscriber)
    subject.send("a")
    subscriber.cancel()
    subscriber.cancel()
    subject.send("b")
    #expect(model.title == "a")
    #expect(subscriber.object == nil)
  }

  @Test("weak: assigns while the object lives, without keeping it alive")
  func weakDoesNotKeepObject() {
    let subject = PassthroughSubject<String, Never>()
    weak var weakModel: Model?
    let token: AnyCancellable
    do {
      let model = Model()
      weakModel = model
      token = subject.assign(to: \.title, onWeak: model)
      subject.send("a")
      #expect(model.title == "a")
    }
    #expect(weakModel == nil)
    withExtendedLifetime(token) {}
  }

  @Test("weak: the object may own the token without a retain cycle")
  func weakObjectOwnsToken() {
    let subject = PassthroughSubject<String, Never>()
    weak var weakModel: Model?
    do {
      let model = Model()
      weakModel = model
      subject.assign(to: \.title, onWeak: model).store(in: &model.tokens)
      subject.send("a")
      #expect(model.title == "a")
    }
    #expect(weakModel == nil)
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("weak: once the object is gone, the next value cancels the upstream")
  func weakCancelsUpstreamOnceObjectIsGone() {
    let subject = PassthroughSubject<String, Never>()
    let token: AnyCancellable
    do {
      let model = Model()
      token = subject.assign(to: \.title, onWeak: model)
    }
    #expect(subject.core.subscriberCount == 1)
    subject.send("a")
    #expect(subject.core.subscriberCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test("weak: cancel cancels the upstream and nothing more is assigned")
  func weakCancel() {
    let model = Model()
    let subject = PassthroughSubject<String, Never>()
    let token = subject.assign(to: \.title, onWeak: model)
    subject.send("a")
    token.cancel()
    subject.send("b")
    #expect(model.title == "a")
    #expect(subject.core.subscriberCount == 0)
  }

  private final class Model {
    var title = ""
    var tokens = Set<AnyCancellable>()
  }
}
