import BindingsTesting
import Testing

@testable import Bindings

/// A stand-in for a freshly made widget: its value is a default (0, "", false) until someone
/// writes it, and its endpoint is marked as a control's, as BindingsGTK marks every widget property.
private final class FakeControl<Value> {
  let property: MutableProperty<Value>

  init(_ initial: Value) { property = MutableProperty(initial) }

  var endpoint: BindingEndpoint<MutableProperty<Value>, Value> { property.bindingEndpoint.asControl() }
}

private final class VolumeModel: BindingOwner {
  let bindings = BindingBag()
  @Published var volume = 3.0
}

@Suite("<~> seeds from the side that is not a control", .releasesEveryObject)
struct TwoWaySeedingTests {
  @Test("a MutableProperty model keeps its value, on either side of <~>")
  func mutablePropertyBothOrders() {
    let model = MutableProperty(3.0)
    let scale = FakeControl(0.0)
    model <~> scale.endpoint
    #expect(model.value == 3.0)
    #expect(scale.property.value == 3.0)

    let otherModel = MutableProperty(4.0)
    let otherScale = FakeControl(0.0)
    otherScale.endpoint <~> otherModel
    #expect(otherModel.value == 4.0)
    #expect(otherScale.property.value == 4.0)
  }

  @Test("an @Published model keeps its value, on either side of <~>")
  func publishedBothOrders() {
    let model = VolumeModel()
    let scale = FakeControl(0.0)
    model.$volume <~> scale.endpoint
    #expect(model.volume == 3.0)
    #expect(scale.property.value == 3.0)

    let other = VolumeModel()
    let otherScale = FakeControl(0.0)
    otherScale.endpoint <~> other.$volume
    #expect(other.volume == 3.0)
    #expect(otherScale.property.value == 3.0)
  }

  @Test("a control's emptiness never empties the model: Bond's settings screen, model written first")
  func bondOrderKeepsTheModel() {
    let name = MutableProperty("jim")
    let field = FakeControl("")
    name <~> field.endpoint
    #expect(name.value == "jim")
    #expect(field.property.value == "jim")
    field.property.value = "jimmy"
    #expect(name.value == "jimmy")
  }

  @Test("the seeding side follows through conversions and optional lifting")
  func throughConversions() {
    let model = MutableProperty<String?>("Ada")
    let field = FakeControl("")
    model <~> field.endpoint
    #expect(model.value == "Ada")
    #expect(field.property.value == "Ada")

    let amount = MutableProperty(0.5)
    let text = FakeControl("")
    amount <~> text.endpoint.converted({ Double($0) }, back: { String($0) })
    #expect(amount.value == 0.5)
    #expect(text.property.value == "0.5")
  }

  @Test("model to model, and control to control, start from the right side as before")
  func sameKindKeepsTheRightSide() {
    let left = MutableProperty(1)
    let right = MutableProperty(2)
    left <~> right
    #expect(left.value == 2)

    let first = FakeControl(1)
    let second = FakeControl(2)
    first.endpoint <~> second.endpoint
    #expect(first.property.value == 2)
    #expect(second.property.value == 2)
  }

  @Test("bindTwoWay(with:initialValueFrom:) still starts from the side it names, controls or not")
  func explicitSideWins() {
    let model = MutableProperty(3.0)
    let scale = FakeControl(0.5)
    model.bindTwoWay(with: scale.endpoint, initialValueFrom: .right)
    #expect(model.value == 0.5)
  }

  @Test("after connecting, changes flow both ways whichever side seeded")
  func changesFlowAfterSeeding() {
    let model = MutableProperty(3.0)
    let scale = FakeControl(0.0)
    scale.endpoint <~> model
    scale.property.value = 7
    #expect(model.value == 7)
    model.value = 1
    #expect(scale.property.value == 1)
  }

  @Test("initialValueFrom: nil writes neither side at connection, then binds both ways")
  func noSeed() {
    let saved = MutableProperty("saved")
    let draft = MutableProperty("draft")
    draft.bindTwoWay(with: saved, initialValueFrom: nil)
    #expect(draft.value == "draft")
    #expect(saved.value == "saved")
    draft.value = "edited"
    #expect(saved.value == "edited")
    saved.value = "reverted"
    #expect(draft.value == "reverted")
  }

  @Test("the README's two-way rows, as a migrating Bond user writes them, keep the model's \"jim\"")
  func readmeRows() {
    // `a.bidirectionalBind(to: b)` between two models:
    let name = MutableProperty("jim")
    let copy = MutableProperty("")
    name.bindTwoWay(with: copy, initialValueFrom: .left)
    #expect(name.value == "jim")
    #expect(copy.value == "jim")
    // … and onto a widget's property, in either order:
    let model = BindingTestViewModel(name: "jim")
    let field = FakeControl("")
    model.$name <~> field.endpoint
    #expect(model.name == "jim")
    let other = BindingTestViewModel(name: "jim")
    let otherField = FakeControl("")
    otherField.endpoint <~> other.$name
    #expect(other.name == "jim")
    #expect(otherField.property.value == "jim")
  }
}
