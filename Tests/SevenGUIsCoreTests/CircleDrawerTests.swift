import Bindings
import SevenGUIsCore
import Testing

@Suite("Circle Drawer")
struct CircleDrawerTests {
  @Test("Rule 1: a click in an empty area adds a circle of the default diameter centred there")
  func clickAdds() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 100, y: 50)
    #expect(drawer.circles == [Circle(x: 100, y: 50, diameter: 30)])
    #expect(drawer.canUndo)
  }

  @Test("Rule 2: the selection is the nearest circle whose centre is closer than its radius, or none")
  func nearestUnderPointer() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 100, y: 100)
    drawer.click(x: 120, y: 100)
    drawer.hover(x: 108, y: 100)
    #expect(drawer.selected == 0)
    drawer.hover(x: 112, y: 100)
    #expect(drawer.selected == 1)
    drawer.hover(x: 200, y: 200)
    #expect(drawer.selected == nil)
    drawer.hover(x: 115, y: 100)
    #expect(drawer.selected == 1, "exactly on the edge of the first circle is outside it")
  }

  @Test("Rule 2: a click on a circle selects it and adds nothing")
  func clickOnCircle() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 100, y: 100)
    drawer.hover(x: 0, y: 0)
    drawer.click(x: 105, y: 100)
    #expect(drawer.circles.count == 1)
    #expect(drawer.selected == 0)
  }

  @Test("Rule 3: an adjustment applies each diameter at once and is one undo step when the dialog closes")
  func adjustmentIsOneStep() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 100, y: 100)
    #expect(drawer.beginAdjusting())
    drawer.hover(x: 0, y: 0)
    #expect(drawer.selected == 0, "the selection stays while the dialog is open")
    for diameter in stride(from: 31.0, through: 60, by: 1) { drawer.adjust(diameter: diameter) }
    #expect(drawer.circles[0].diameter == 60)
    drawer.endAdjusting()
    drawer.undo()
    #expect(drawer.circles == [Circle(x: 100, y: 100, diameter: 30)])
    drawer.undo()
    #expect(drawer.circles.isEmpty)
    #expect(!drawer.canUndo)
  }

  @Test("Rule 3: an adjustment that ends at the same diameter makes no undo step; none starts without a selection")
  func unchangedAdjustment() {
    let drawer = CircleDrawerModel()
    #expect(!drawer.beginAdjusting())
    drawer.click(x: 100, y: 100)
    drawer.beginAdjusting()
    drawer.adjust(diameter: 50)
    drawer.adjust(diameter: 30)
    drawer.endAdjusting()
    drawer.undo()
    #expect(drawer.circles.isEmpty)
  }

  @Test("Rule 4: redo applies the undone steps again, in order")
  func redo() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 10, y: 10)
    drawer.click(x: 100, y: 10)
    drawer.beginAdjusting()
    drawer.adjust(diameter: 80)
    drawer.endAdjusting()
    let final = drawer.circles
    drawer.undo()
    drawer.undo()
    #expect(drawer.circles == [Circle(x: 10, y: 10, diameter: 30)])
    #expect(drawer.canRedo)
    drawer.redo()
    drawer.redo()
    #expect(drawer.circles == final)
    #expect(!drawer.canRedo)
  }

  @Test("Rule 4: a new step after an undo discards what could be redone")
  func newStepClearsRedo() {
    let drawer = CircleDrawerModel()
    drawer.click(x: 10, y: 10)
    drawer.undo()
    drawer.click(x: 200, y: 200)
    #expect(!drawer.canRedo)
    drawer.redo()
    #expect(drawer.circles == [Circle(x: 200, y: 200, diameter: 30)])
  }
}
