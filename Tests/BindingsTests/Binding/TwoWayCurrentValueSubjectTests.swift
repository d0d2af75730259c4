import BindingsTesting
import Dispatch
import Testing

@testable import Bindings

/// A view model written the Combine way, with a `@Published` property.
private final class Profile: BindingOwner {
  let bindings = BindingBag()
  @Published var name = "Grace"
}

/// A stand-in for a freshly made widget: its value is a default until someone writes it, and its
/// endpoint is marked as a control's, as BindingsGTK marks every widget property.
private final class Entry {
  let text = MutableProperty("")
  var endpoint: BindingEndpoint<MutableProperty<String>, String> { text.bindingEndpoint.asControl() }
}

/// The hidden owner of `subject`'s two-way bindings, if it has one.
private func bindingOwner<Output>(
  of subject: CurrentValueSubject<Output, Never>
) -> CurrentValueSubjectBindingOwner<Output>? {
  subject.core.upstreamsForTesting.lazy.compactMap { $0 as? CurrentValueSubjectBindingOwner<Output> }.first
}

@Suite("<~> with a CurrentValueSubject", .releasesEveryObject)
struct TwoWayCurrentValueSubjectTests {
  @Test("subject <~> model.$name: the subject takes the model's value, then changes flow both ways")
  func subjectThenPublished() {
    let subject = CurrentValueSubject<String, Never>("Ada")
    let model = Profile()
    subject <~> model.$name
    #expect(subject.value == "Grace")
    #expect(model.name == "Grace")
    subject.send("Alan")
    #expect(model.name == "Alan")
    model.name = "Barbara"
    #expect(subject.value == "Barbara")
  }

  @Test("model.$name <~> subject: the model takes the subject's value, as <~> starts from the right")
  func publishedThenSubject() {
    let subject = CurrentValueSubject<String, Never>("Ada")
    let model = Profile()
    model.$name <~> subject
    #expect(model.name == "Ada")
    #expect(subject.value == "Ada")
    model.name = "Barbara"
    #expect(subject.value == "Barbara")
    subject.value = "Alan"
    #expect(model.name == "Alan")
  }

  @Test("subject <~> property and property <~> subject start from the right side, then flow both ways")
  func mutablePropertyBothOrders() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let property = MutableProperty(2)
    subject <~> property
    #expect(subject.value == 2 && property.value == 2)
    subject.send(3)
    #expect(property.value == 3)
    property.value = 4
    #expect(subject.value == 4)

    let otherSubject = CurrentValueSubject<Int, Never>(1)
    let otherProperty = MutableProperty(2)
    otherProperty <~> otherSubject
    #expect(otherSubject.value == 1 && otherProperty.value == 1)
    otherProperty.value = 5
    #expect(otherSubject.value == 5)
    otherSubject.send(6)
    #expect(otherProperty.value == 6)
  }

  @Test("a subject model keeps its value against a freshly made control, on either side of <~>")
  func controlNeverSeeds() {
    let name = CurrentValueSubject<String, Never>("jim")
    let entry = Entry()
    name <~> entry.endpoint
    #expect(name.value == "jim")
    #expect(entry.text.value == "jim")
    entry.text.value = "jimmy"
    #expect(name.value == "jimmy")

    let otherName = CurrentValueSubject<String, Never>("jim")
    let otherEntry = Entry()
    otherEntry.endpoint <~> otherName
    #expect(otherName.value == "jim")
    #expect(otherEntry.text.value == "jim")
    otherName.send("james")
    #expect(otherEntry.text.value == "james")
  }

  @Test("bindTwoWay(with:initialValueFrom:) starts from the side it names, the subject on either side")
  func bindTwoWayBothWays() {
    let subject = CurrentValueSubject<String, Never>("Ada")
    let model = Profile()
    subject.bindTwoWay(with: &model.$name, initialValueFrom: .left)
    #expect(model.name == "Ada")

    let otherSubject = CurrentValueSubject<String, Never>("Ada")
    let otherModel = Profile()
    otherModel.$name.bindTwoWay(with: otherSubject, initialValueFrom: .left)
    #expect(otherSubject.value == "Grace")
    otherSubject.send("Alan")
    #expect(otherModel.name == "Alan")

    let draft = CurrentValueSubject<String, Never>("draft")
    let saved = CurrentValueSubject<String, Never>("saved")
    draft.bindTwoWay(with: saved, initialValueFrom: nil)
    #expect(draft.value == "draft" && saved.value == "saved")
    draft.send("edited")
    #expect(saved.value == "edited")
  }

  @Test("two subjects bind both ways, starting from the right one")
  func subjectToSubject() {
    let left = CurrentValueSubject<Int, Never>(0)
    let right = CurrentValueSubject<Int, Never>(1)
    left <~> right
    #expect(left.value == 1)
    left.send(2)
    #expect(right.value == 2)
    right.send(3)
    #expect(left.value == 3)
  }

  @Test("the subject's endpoint converts, and writes what converts")
  func converted() {
    let amount = CurrentValueSubject<Double, Never>(0.5)
    let text = MutableProperty("")
    text <~> amount.bindingEndpoint.converted({ String($0) }, back: { Double($0) })
    #expect(text.value == "0.5")
    text.value = "0.75"
    #expect(amount.value == 0.75)
    text.value = "0.7x"
    #expect(amount.value == 0.75)
  }

  @Test("a change is written into the other side once, and never echoed back")
  func noEcho() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    subject <~> property
    var subjectValues: [Int] = []
    var propertyValues: [Int] = []
    let watchSubject = subject.sink { subjectValues.append($0) }
    let watchProperty = property.sink { propertyValues.append($0) }
    subject.send(1)
    property.value = 2
    #expect(subjectValues == [0, 1, 2])
    #expect(propertyValues == [0, 1, 2])
    watchSubject.cancel()
    watchProperty.cancel()
  }

  @Test("a new <~> into the subject replaces the previous one; the subject keeps one hidden owner")
  func rebindingReplaces() {
    let subject = CurrentValueSubject<String, Never>("")
    let first = MutableProperty("first")
    let second = MutableProperty("second")
    subject <~> first
    subject <~> second
    #expect(subject.value == "second")
    #expect(first.bindings.count == 0)
    #expect(subject.core.upstreamsForTesting.count == 1)
    #expect(bindingOwner(of: subject)?.bindings.count == 1)
    first.value = "stale"
    #expect(subject.value == "second")
    subject.send("typed")
    #expect(first.value == "stale")
    #expect(second.value == "typed")
  }

  @Test("subject <~> subject does nothing and says so")
  func selfBinding() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let messages = diagnostics {
      let token = subject <~> subject
      token.cancel()
    }
    #expect(messages.contains { $0.contains("itself does nothing") }, "\(messages)")
    #expect(bindingOwner(of: subject)?.bindings.count == 0)
  }

  @Test("when the subject is released, the binding ends, and the subject and its hidden owner are released")
  func subjectReleased() {
    var subject: CurrentValueSubject<Int, Never>? = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(1)
    weak let weakSubject = subject
    subject! <~> property
    weak let weakOwner = bindingOwner(of: subject!)
    #expect(weakOwner != nil)
    #expect(property.bindings.count == 1)
    subject = nil
    #expect(weakSubject == nil)
    #expect(weakOwner == nil)
    #expect(property.bindings.count == 0)
    #expect(property.subject.core.subscriberCount == 0)
    property.value = 2
  }

  @Test("when the other side is released, the binding ends and leaves the subject nothing but its empty owner")
  func otherSideReleased() {
    let subject = CurrentValueSubject<Int, Never>(0)
    var property: MutableProperty<Int>? = MutableProperty(1)
    weak let weakProperty = property
    property! <~> subject
    property = nil
    #expect(weakProperty == nil)
    #expect(subject.core.subscriberCount == 0)
    #expect(bindingOwner(of: subject)?.bindings.count == 0)
    subject.send(5)
  }

  @Test("when both are dropped, with the binding still live, everything is released")
  func bothReleased() {
    var subject: CurrentValueSubject<String, Never>? = CurrentValueSubject<String, Never>("Ada")
    var model: Profile? = Profile()
    weak let weakSubject = subject
    weak let weakModel = model
    model!.$name <~> subject!
    weak let weakOwner = bindingOwner(of: subject!)
    subject = nil
    model = nil
    #expect(weakSubject == nil)
    #expect(weakModel == nil)
    #expect(weakOwner == nil)
  }

  @Test("the subject's completion ends the binding cleanly: nothing is written, nothing is kept")
  func completionEnds() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(1)
    subject <~> property
    weak let weakOwner = bindingOwner(of: subject)
    subject.send(completion: .finished)
    #expect(weakOwner == nil)
    #expect(property.bindings.count == 0)
    #expect(property.subject.core.subscriberCount == 0)
    #expect(subject.core.upstreamsForTesting.isEmpty)
    property.value = 2
    #expect(subject.value == 1)
  }

  @Test("a completed subject binds nothing: the other side keeps its value and its bag stays empty")
  func completedSubjectBindsNothing() {
    let subject = CurrentValueSubject<Int, Never>(0)
    subject.send(completion: .finished)
    let property = MutableProperty(1)
    let token = subject <~> property
    property <~> subject
    #expect(property.value == 1)
    #expect(property.bindings.count == 0)
    #expect(subject.core.upstreamsForTesting.isEmpty)
    token.cancel()
  }

  @Test("the returned token ends the binding on both sides")
  func tokenEnds() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(1)
    let token = subject <~> property
    token.cancel()
    subject.send(7)
    #expect(property.value == 1)
    #expect(property.bindings.count == 0)
    #expect(bindingOwner(of: subject)?.bindings.count == 0)
  }

  @Test("a subject model emptied by the right side's empty value is reported in debug builds")
  func emptyOverwriteReported() {
    let name = CurrentValueSubject<String, Never>("jim")
    let draft = MutableProperty("")
    let messages = diagnostics { name <~> draft }
    #if DEBUG
    #expect(messages.contains { $0.contains("replaced the left side's value \"jim\"") }, "\(messages)")
    #endif
    #expect(name.value == "")
  }

  @Test("sends from another thread while the other side changes neither crash nor loop, and settle")
  func concurrentSends() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    subject <~> property
    let handoff = SendableBox((subject, property))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let (subject, property) = handoff.value
      for value in 0..<500 {
        if index == 0 { subject.send(value) } else { property.value = -value }
      }
    }
    subject.send(42)
    #expect(property.value == 42)
    property.value = 43
    #expect(subject.value == 43)
  }

  @Test("binding on one thread while another sends to the subject leaves one live binding that works")
  func bindWhileSending() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let properties = (0..<20).map { _ in MutableProperty(0) }
    let handoff = SendableBox((subject, properties))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let (subject, properties) = handoff.value
      if index == 0 {
        for value in 0..<500 { subject.send(value) }
      } else {
        for property in properties { subject <~> property }
      }
    }
    #expect(subject.core.upstreamsForTesting.count == 1)
    #expect(bindingOwner(of: subject)?.bindings.count == 1)
    #expect(properties.dropLast().allSatisfy { $0.bindings.count == 0 })
    subject.send(99)
    #expect(properties.last?.value == 99)
  }
}
