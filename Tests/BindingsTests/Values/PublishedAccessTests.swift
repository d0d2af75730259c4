import BindingsTesting
import Testing

@testable import Bindings

/// A model whose properties only it may write; every binding into them is made inside the type.
private final class SearchModel {
  @Published private(set) var query = "initial"
  @Published private(set) var nickname: String? = nil

  func follow(_ source: AnyPublisher<String, Never>) -> AnyCancellable { $query <~ source }
  func flow(_ source: AnyPublisher<String, Never>) -> AnyCancellable { source ~> $query }
  func followMethod(_ source: AnyPublisher<String, Never>) -> AnyCancellable { source.bind(to: &$query) }
  func followLifted(_ source: AnyPublisher<String, Never>) -> AnyCancellable { $nickname <~ source }
  func flowLifted(_ source: AnyPublisher<String, Never>) -> AnyCancellable { source ~> $nickname }
  func followLiftedMethod(_ source: AnyPublisher<String, Never>) -> AnyCancellable {
    source.bind(to: &$nickname)
  }
  func bindLeft(_ other: BindingEndpoint<MutableProperty<String>, String>) -> AnyCancellable { $query <~> other }
  func bindRight(_ other: BindingEndpoint<MutableProperty<String>, String>) -> AnyCancellable { other <~> $query }
  func bindSubject(_ subject: CurrentValueSubject<String, Never>) -> AnyCancellable { subject <~> $query }
  func bindSubjectRight(_ subject: CurrentValueSubject<String, Never>) -> AnyCancellable { $query <~> subject }
  func bindTwoWay(_ other: MutableProperty<String>, from side: TwoWayBindingSide?) -> AnyCancellable {
    $query.bindTwoWay(with: other, initialValueFrom: side)
  }
  func bindNickname(_ other: MutableProperty<String>) -> AnyCancellable { $nickname <~> other }
  func bindToNickname(_ other: MutableProperty<String>) -> AnyCancellable { other <~> $nickname }
  func bindModels(_ other: Form) -> AnyCancellable { $query <~> other.$text }
}

private final class Form {
  @Published var text = "form"
  @Published var optionalText: String? = nil
}

/// A control's endpoint: it never seeds a two-way binding.
private func control(_ value: String) -> (MutableProperty<String>, BindingEndpoint<MutableProperty<String>, String>) {
  let property = MutableProperty(value)
  return (property, property.bindingEndpoint.asControl())
}

@Suite("Published access: bindings into $x take it inout", .releasesEveryObject)
struct PublishedAccessTests {
  @Test("<~, ~> and bind(to: &) write a private(set) property from inside its type")
  func oneWayInside() {
    for bind in [SearchModel.follow, SearchModel.flow, SearchModel.followMethod] {
      let model = SearchModel()
      let source = MutableProperty("first")
      let token = bind(model)(source.eraseToAnyPublisher())
      #expect(model.query == "first")
      source.value = "second"
      #expect(model.query == "second")
      token.cancel()
      source.value = "third"
      #expect(model.query == "second")
    }
  }

  @Test("<~, ~> and bind(to: &) lift values into an optional property")
  func oneWayLifted() {
    for bind in [SearchModel.followLifted, SearchModel.flowLifted, SearchModel.followLiftedMethod] {
      let model = SearchModel()
      let source = PassthroughSubject<String, Never>()
      _ = bind(model)(source.eraseToAnyPublisher())
      #expect(model.nickname == nil)
      source.send("Ada")
      #expect(model.nickname == "Ada")
    }
  }

  @Test("every form writes a plain var's property from another type")
  func plainVarFromOutside() {
    let form = Form()
    let source = MutableProperty("a")
    form.$text <~ source
    #expect(form.text == "a")
    MutableProperty("b") ~> form.$text
    #expect(form.text == "b")
    MutableProperty("c").bind(to: &form.$text)
    #expect(form.text == "c")
    form.$optionalText <~ MutableProperty("d")
    #expect(form.optionalText == "d")
    MutableProperty("e").bind(to: &form.$optionalText)
    #expect(form.optionalText == "e")

    let other = Form()
    other.text = "other"
    form.$text <~> other.$text
    #expect(form.text == "other")
    form.text = "typed"
    #expect(other.text == "typed")

    let subject = CurrentValueSubject<String, Never>("subject")
    subject.bindTwoWay(with: &form.$text, initialValueFrom: .left)
    #expect(form.text == "subject")
    form.$text.bindTwoWay(with: subject, initialValueFrom: .right)
    subject.send("sent")
    #expect(form.text == "sent")

    let property = MutableProperty("property")
    property.bindTwoWay(with: &form.$text, initialValueFrom: .left)
    #expect(form.text == "property")
    form.$optionalText <~> property
    #expect(form.optionalText == "property")
    form.$text.bindTwoWay(with: &other.$text, initialValueFrom: .left)
    #expect(other.text == "property")
  }

  @Test("the model's value survives a fresh control's default in both operand orders")
  func seedingWithAControl() {
    for bind in [SearchModel.bindLeft, SearchModel.bindRight] {
      let model = SearchModel()
      let (field, endpoint) = control("")
      _ = bind(model)(endpoint)
      #expect(model.query == "initial")
      #expect(field.value == "initial")
      field.value = "typed"
      #expect(model.query == "typed")
    }
  }

  @Test("with a model on the other side, the right side seeds, as between two endpoints")
  func seedingBetweenModels() {
    let model = SearchModel()
    let form = Form()
    _ = model.bindModels(form)
    #expect(model.query == "form")
    form.text = "edited"
    #expect(model.query == "edited")

    let other = SearchModel()
    let subject = CurrentValueSubject<String, Never>("subject")
    _ = other.bindSubjectRight(subject)
    #expect(other.query == "subject")
    let third = SearchModel()
    let kept = CurrentValueSubject<String, Never>("kept")
    _ = third.bindSubject(kept)
    #expect(kept.value == "initial")
    kept.send("sent")
    #expect(third.query == "sent")
  }

  @Test("bindTwoWay(with:initialValueFrom:) on $x keeps the chosen side's value")
  func bindTwoWaySides() {
    let model = SearchModel()
    let other = MutableProperty("other")
    _ = model.bindTwoWay(other, from: .left)
    #expect(other.value == "initial")
    let second = SearchModel()
    let third = MutableProperty("third")
    _ = second.bindTwoWay(third, from: .right)
    #expect(second.query == "third")
    let fourth = SearchModel()
    let untouched = MutableProperty("untouched")
    _ = fourth.bindTwoWay(untouched, from: nil)
    #expect(fourth.query == "initial" && untouched.value == "untouched")
    untouched.value = "changed"
    #expect(fourth.query == "changed")
  }

  @Test("<~> lifts between an optional property and a non-optional endpoint, in both orders")
  func twoWayLifted() {
    let model = SearchModel()
    let name = MutableProperty("Ada")
    _ = model.bindNickname(name)
    #expect(model.nickname == "Ada")
    name.value = "Grace"
    #expect(model.nickname == "Grace")

    let second = SearchModel()
    let other = MutableProperty("kept")
    _ = second.bindToNickname(other)
    #expect(other.value == "kept")  // a nil seeds nothing
  }

  @Test("the method forms and <~> lift between optional and non-optional, with $x on either side")
  func liftedMethodForms() {
    let form = Form()
    let profile = Form()
    profile.text = "Ada"
    form.$optionalText <~> profile.$text
    #expect(form.optionalText == "Ada")
    form.optionalText = "Grace"
    #expect(profile.text == "Grace")
    form.optionalText = nil
    #expect(profile.text == "Grace")  // a nil is not passed on

    let other = Form()
    profile.$text <~> other.$optionalText
    // The right side starts, and its nil seeds nothing.
    #expect(profile.text == "Grace" && other.optionalText == nil)
    profile.text = "Lin"
    #expect(other.optionalText == "Lin")

    let nickname = Form()
    let name = MutableProperty("name")
    nickname.$optionalText.bindTwoWay(with: name, initialValueFrom: .right)
    #expect(nickname.optionalText == "name")
    let optional = MutableProperty<String?>("optional")
    let plain = Form()
    plain.$text.bindTwoWay(with: optional, initialValueFrom: .right)
    #expect(plain.text == "optional")
    optional.value = nil
    #expect(plain.text == "optional")

    let fromProperty = Form()
    MutableProperty("property").bindTwoWay(with: &fromProperty.$optionalText, initialValueFrom: .left)
    #expect(fromProperty.optionalText == "property")
    let fromOptional = Form()
    MutableProperty<String?>("lifted").bindTwoWay(with: &fromOptional.$text, initialValueFrom: .left)
    #expect(fromOptional.text == "lifted")

    let subject = CurrentValueSubject<String, Never>("subject")
    let intoOptional = Form()
    subject.bindTwoWay(with: &intoOptional.$optionalText, initialValueFrom: .left)
    #expect(intoOptional.optionalText == "subject")
    let optionalSubject = CurrentValueSubject<String?, Never>("optional subject")
    let intoPlain = Form()
    optionalSubject.bindTwoWay(with: &intoPlain.$text, initialValueFrom: .left)
    #expect(intoPlain.text == "optional subject")
    let publishedFirst = Form()
    publishedFirst.$optionalText.bindTwoWay(with: subject, initialValueFrom: .right)
    #expect(publishedFirst.optionalText == "subject")
    let plainFirst = Form()
    plainFirst.$text.bindTwoWay(with: optionalSubject, initialValueFrom: .right)
    #expect(plainFirst.text == "optional subject")

    let left = Form()
    let right = Form()
    right.text = "right"
    left.$optionalText.bindTwoWay(with: &right.$text, initialValueFrom: .right)
    #expect(left.optionalText == "right")
    right.$text.bindTwoWay(with: &left.$optionalText, initialValueFrom: .left)
    right.text = "changed"
    #expect(left.optionalText == "changed")
  }

  @Test("$x.bindingEndpoint, where settable, offers what only an endpoint does")
  func endpointWhereSettable() {
    let form = Form()
    let field = MutableProperty("")
    // As a control, the property never seeds: the other model's value survives in either order.
    field.bindingEndpoint.asControl() <~> form.$text
    #expect(field.value == "form")
    let model = Form()
    model.text = "model"
    let control = model.$text.bindingEndpoint.asControl()
    MutableProperty("kept") <~> control
    #expect(model.text == "kept")
  }

  @Test("bindings into $x are one target with the property's other bindings: a new <~ replaces the old")
  func sameIdentity() {
    let form = Form()
    let first = MutableProperty("first")
    let second = MutableProperty("second")
    form.$text <~ first
    form.$text <~ second
    first.value = "ignored"
    #expect(form.text == "second")
  }

  @Test("bindings through inout $x do not keep the model or the source alive")
  func lifetimes() {
    weak var weakModel: SearchModel?
    weak var weakSource: MutableProperty<String>?
    weak var weakForm: Form?
    do {
      let model = SearchModel()
      let source = MutableProperty("value")
      let form = Form()
      weakModel = model
      weakSource = source
      weakForm = form
      _ = model.follow(source.eraseToAnyPublisher())
      _ = model.bindModels(form)
      form.$text <~ model.$query
    }
    #expect(weakModel == nil)
    #expect(weakSource == nil)
    #expect(weakForm == nil)
  }
}
