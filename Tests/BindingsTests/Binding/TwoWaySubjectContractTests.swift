import BindingsTesting
import Testing

@testable import Bindings

/// A view model written the Combine way, with an optional and a plain `@Published` property.
private final class Profile: BindingOwner {
  let bindings = BindingBag()
  @Published var nickname: String? = "Gracie"
  @Published var name = "Grace"
}

/// A stand-in for a freshly made widget: its value is a default until someone writes it, and its
/// endpoint is marked as a control's, as BindingsGTK marks every widget property.
private final class FakeControl<Value> {
  let property: MutableProperty<Value>

  init(_ initial: Value) { property = MutableProperty(initial) }

  var endpoint: BindingEndpoint<MutableProperty<Value>, Value> { property.bindingEndpoint.asControl() }
}

/// The hidden owner of `subject`'s two-way bindings, if it has one.
private func bindingOwner<Output>(
  of subject: CurrentValueSubject<Output, Never>
) -> CurrentValueSubjectBindingOwner<Output>? {
  subject.core.upstreamsForTesting.lazy.compactMap { $0 as? CurrentValueSubjectBindingOwner<Output> }.first
}

@Suite("<~> with a CurrentValueSubject: optionals, seeding, lifetimes, completion", .releasesEveryObject)
struct TwoWaySubjectContractTests {
  // MARK: Optional lifting, as for two endpoints

  @Test("a subject of Value and an endpoint of Value? bind in both orders; nil from the optional side is ignored")
  func subjectAgainstOptionalEndpoint() {
    let name = CurrentValueSubject<String, Never>("Ada")
    let text = MutableProperty<String?>("typed")
    name <~> text
    #expect(name.value == "typed")
    text.value = nil
    #expect(name.value == "typed")
    text.value = "Grace"
    #expect(name.value == "Grace")
    name.send("Alan")
    #expect(text.value == "Alan")

    let other = CurrentValueSubject<String, Never>("Ada")
    let field = MutableProperty<String?>(nil)
    field <~> other
    #expect(field.value == "Ada")
    field.value = nil
    #expect(other.value == "Ada")
    other.send("Barbara")
    #expect(field.value == "Barbara")
  }

  @Test("a subject of Value? and an endpoint of Value bind in both orders; nil from the subject is ignored")
  func optionalSubjectAgainstEndpoint() {
    let nickname = CurrentValueSubject<String?, Never>(nil)
    let name = MutableProperty("Ada")
    nickname <~> name
    #expect(nickname.value == "Ada")
    nickname.send(nil)
    #expect(name.value == "Ada")
    nickname.send("Addie")
    #expect(name.value == "Addie")
    name.value = "Grace"
    #expect(nickname.value == "Grace")

    let kept = MutableProperty("kept")
    let nothing = CurrentValueSubject<String?, Never>(nil)
    kept <~> nothing
    #expect(kept.value == "kept", "a nil on the right seeds nothing")
    nothing.send("sent")
    #expect(kept.value == "sent")
    kept.value = "typed"
    #expect(nothing.value == "typed")
  }

  @Test("a subject binds to an optional @Published property, and an optional subject to a plain one")
  func subjectAgainstOptionalPublished() {
    let name = CurrentValueSubject<String, Never>("Ada")
    let model = Profile()
    name <~> model.$nickname
    #expect(name.value == "Gracie")
    model.nickname = nil
    #expect(name.value == "Gracie")
    name.send("Grace")
    #expect(model.nickname == "Grace")

    let other = Profile()
    let nickname = CurrentValueSubject<String?, Never>(nil)
    other.$name <~> nickname
    #expect(other.name == "Grace", "a nil on the right seeds nothing")
    nickname.send("Amazing Grace")
    #expect(other.name == "Amazing Grace")
    other.name = "Hopper"
    #expect(nickname.value == "Hopper")
  }

  @Test("an optional subject and a plain subject bind both ways, nil ignored")
  func optionalSubjectAgainstSubject() {
    let optional = CurrentValueSubject<Int?, Never>(nil)
    let plain = CurrentValueSubject<Int, Never>(3)
    optional <~> plain
    #expect(optional.value == 3)
    optional.send(nil)
    #expect(plain.value == 3)
    plain.send(4)
    #expect(optional.value == 4)
  }

  @Test("bindTwoWay lifts optionals with a subject side, starting from the side it names")
  func bindTwoWayLiftsOptionals() {
    let name = CurrentValueSubject<String, Never>("Ada")
    let text = MutableProperty<String?>(nil)
    name.bindTwoWay(with: text, initialValueFrom: .left)
    #expect(text.value == "Ada")
    text.value = nil
    #expect(name.value == "Ada")
    text.value = "Grace"
    #expect(name.value == "Grace")

    let field = MutableProperty<String?>("typed")
    let other = CurrentValueSubject<String, Never>("")
    field.bindTwoWay(with: other, initialValueFrom: .left)
    #expect(other.value == "typed")
    other.send("Alan")
    #expect(field.value == "Alan")

    let nickname = CurrentValueSubject<String?, Never>(nil)
    let kept = MutableProperty("kept")
    kept.bindTwoWay(with: nickname, initialValueFrom: .right)
    #expect(kept.value == "kept", "a nil on the right seeds nothing")
    nickname.send("sent")
    #expect(kept.value == "sent")
  }

  @Test("a subject of Value? keeps its value against a fresh control of Value, on either side")
  func optionalSubjectAgainstControl() {
    let name = CurrentValueSubject<String?, Never>("jim")
    let field = FakeControl("")
    name <~> field.endpoint
    #expect(name.value == "jim")
    #expect(field.property.value == "jim")
    field.property.value = "jimmy"
    #expect(name.value == "jimmy")

    let other = CurrentValueSubject<String?, Never>("jim")
    let otherField = FakeControl("")
    otherField.endpoint <~> other
    #expect(other.value == "jim")
    #expect(otherField.property.value == "jim")
  }

  // MARK: Which side seeds

  @Test("subject 3.0 against a fresh control reading 0.0 keeps 3.0 and pushes it, on either side of <~>")
  func subjectValueIsNeverLost() {
    let volume = CurrentValueSubject<Double, Never>(3)
    let scale = FakeControl(0.0)
    volume <~> scale.endpoint
    #expect(volume.value == 3 && scale.property.value == 3)

    let other = CurrentValueSubject<Double, Never>(3)
    let otherScale = FakeControl(0.0)
    otherScale.endpoint <~> other
    #expect(other.value == 3 && otherScale.property.value == 3)
    otherScale.property.value = 4
    #expect(other.value == 4)
  }

  @Test("bindTwoWay(initialValueFrom:) with a subject follows the side it names, even a control's")
  func bindTwoWayNamesTheSide() {
    let volume = CurrentValueSubject<Double, Never>(3)
    let scale = FakeControl(0.0)
    volume.bindTwoWay(with: scale.endpoint, initialValueFrom: .left)
    #expect(volume.value == 3 && scale.property.value == 3)

    let named = CurrentValueSubject<Double, Never>(3)
    let namedScale = FakeControl(0.0)
    let messages = diagnostics {
      named.bindTwoWay(with: namedScale.endpoint, initialValueFrom: .right, reportsEmptyOverwrite: false)
    }
    #expect(named.value == 0, "asked to start from the control, it does")
    #expect(messages.isEmpty, "\(messages)")

    let untouched = CurrentValueSubject<Double, Never>(3)
    let untouchedScale = FakeControl(0.0)
    untouchedScale.endpoint.bindTwoWay(with: untouched, initialValueFrom: nil)
    #expect(untouched.value == 3 && untouchedScale.property.value == 0)
    untouched.send(5)
    #expect(untouchedScale.property.value == 5)
  }

  @Test("two subjects start from the right one; a subject against a model starts from the right side too")
  func modelsStartFromTheRight() {
    let model = Profile()
    let name = CurrentValueSubject<String, Never>("Ada")
    model.$name <~> name
    #expect(model.name == "Ada" && name.value == "Ada")

    let otherModel = Profile()
    let otherName = CurrentValueSubject<String, Never>("Ada")
    otherName <~> otherModel.$name
    #expect(otherModel.name == "Grace" && otherName.value == "Grace")
  }

  // MARK: Lifetimes

  @Test("cancelling the token releases the binding's objects; the subject then goes with its last reference")
  func cancelReleasesEverything() {
    var subject: CurrentValueSubject<Int, Never>? = CurrentValueSubject(0)
    let property = MutableProperty(1)
    weak let weakSubject = subject
    let token = subject! <~> property
    weak let weakOwner = bindingOwner(of: subject!)
    #expect(weakOwner?.bindings.count == 1)
    token.cancel()
    #expect(weakOwner?.bindings.count == 0)
    #expect(subject!.core.subscriberCount == 0)
    #expect(property.subject.core.subscriberCount == 0)
    #expect(property.bindings.count == 0)
    subject = nil
    #expect(weakSubject == nil)
    #expect(weakOwner == nil)
    property.value = 2
  }

  @Test("a model that owns the other side and goes ends the binding; the subject stays usable, then goes")
  func modelOwnerGoes() {
    var subject: CurrentValueSubject<String, Never>? = CurrentValueSubject("Ada")
    weak let weakSubject = subject
    var model: Profile? = Profile()
    weak let weakModel = model
    subject! <~> model!.$nickname
    weak let weakOwner = bindingOwner(of: subject!)
    model = nil
    #expect(weakModel == nil)
    #expect(weakOwner?.bindings.count == 0)
    #expect(subject!.core.subscriberCount == 0)
    subject!.send("after")
    #expect(subject!.value == "after")
    subject = nil
    #expect(weakSubject == nil)
    #expect(weakOwner == nil)
  }

  @Test("an optional-lifted binding leaves nothing behind when the subject goes")
  func liftedBindingReleased() {
    var subject: CurrentValueSubject<String?, Never>? = CurrentValueSubject(nil)
    weak let weakSubject = subject
    let property = MutableProperty("Ada")
    subject! <~> property
    weak let weakOwner = bindingOwner(of: subject!)
    #expect(property.bindings.count == 1)
    subject = nil
    #expect(weakSubject == nil)
    #expect(weakOwner == nil)
    #expect(property.bindings.count == 0)
    #expect(property.subject.core.subscriberCount == 0)
  }

  // MARK: Completion and re-entrancy

  @Test("the subject completing from inside the other side's change ends the binding, with no later writes")
  func completionFromInsideAChange() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    subject <~> property
    let finisher = property.sink { value in
      if value == 2 { subject.send(completion: .finished) }
    }
    property.value = 1
    #expect(subject.value == 1)
    property.value = 2
    #expect(property.bindings.count == 0)
    #expect(subject.core.upstreamsForTesting.isEmpty)
    property.value = 3
    #expect(subject.value != 3)
    subject.send(4)
    #expect(property.value == 3)
    finisher.cancel()
  }

  @Test("a send into the subject from inside the write it caused settles on that send, without looping")
  func reentrantSendWins() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    subject <~> property
    let writesToSubject = RecordingSubscriber<Int, Never>()
    // Reacts to each value the binding writes into the property by correcting the subject.
    let clamp = property.sink { value in
      if value > 10 { subject.send(10) }
    }
    subject.subscribe(writesToSubject)
    subject.send(50)
    #expect(subject.value == 10)
    #expect(property.value == 10)
    #expect(writesToSubject.values.count < 6, "the binding looped: \(writesToSubject.values)")
    _ = clamp
    writesToSubject.cancel()
  }

  @Test("a change of the other side made while the subject's change is delivered wins, without looping")
  func reentrantChangeOfTheOtherSide() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    let writesToProperty = RecordingSubscriber<Int, Never>()
    // Subscribed before the binding, so it sees the subject's change first and answers by changing
    // the other side before the binding has propagated the subject's change.
    let reaction = subject.sink { value in
      if value == 1 { property.value = 2 }
    }
    subject <~> property
    property.subscribe(writesToProperty)
    subject.send(1)
    #expect(subject.value == 2)
    #expect(property.value == 2)
    #expect(writesToProperty.values.count < 6, "the binding looped: \(writesToProperty.values)")
    _ = reaction
    writesToProperty.cancel()
  }

  @Test("a side that answers every write by sending into the subject again does not loop forever")
  func answeringEveryWriteEnds() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let property = MutableProperty(0)
    subject <~> property
    let answer = property.sink { value in
      if value > 0 { subject.send(value + 1) }
    }
    let messages = diagnostics { subject.send(1) }
    #expect(!messages.isEmpty, "the loop was ended without a word")
    _ = answer
  }
}
