#if GTK

/// A point in a widget's coordinates, in pixels from its top-left corner.
///
/// ```swift
/// let centre = Point(x: 50, y: 40)
/// print(centre.distance(to: Point(x: 53, y: 44)))   // prints "5.0"
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// Pixels from the left edge.
  public var x: Double
  /// Pixels from the top edge.
  public var y: Double

  /// The point at (`x`, `y`).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// The straight-line distance to `other`.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in pixels.
///
/// ```swift
/// let size = Size(width: 200, height: 100)
/// print(size.center)   // prints "(100.0, 50.0)"
/// ```
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A size of `width` by `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// No size, 0 by 0.
  public static let zero = Size(width: 0, height: 0)

  /// The centre of a rectangle of this size at the origin.
  public var center: Point { Point(x: width / 2, y: height / 2) }

  /// `width×height`.
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle: an origin (its top-left corner) and a size.
///
/// ```swift
/// let frame = Rect(x: 10, y: 10, width: 80, height: 40)
/// print(frame.contains(Point(x: 50, y: 30)))   // prints "true"
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// The rectangle at `origin` of `size`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rectangle whose top-left corner is (`x`, `y`).
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The centre.
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

  /// Whether `point` lies inside (edges included).
  public func contains(_ point: Point) -> Bool {
    point.x >= origin.x && point.x <= origin.x + size.width && point.y >= origin.y
      && point.y <= origin.y + size.height
  }

  /// `origin size`.
  public var description: String { "\(origin) \(size)" }
}

/// A colour: red, green, blue and alpha, each from 0 to 1.
///
/// ```swift
/// let highlight = Color(red: 1, green: 0.8, blue: 0)
/// let shade = Color.black.withAlpha(0.25)
/// ```
public struct Color: Hashable, Sendable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque).
  public var alpha: Double

  /// The colour of these components, each 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A grey: 0 is black, 1 is white.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// This colour with another opacity.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Black.
  public static let black = Color(white: 0)
  /// White.
  public static let white = Color(white: 1)
  /// Mid grey.
  public static let gray = Color(white: 0.5)
  /// Red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Green.
  public static let green = Color(red: 0, green: 0.8, blue: 0)
  /// Blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Yellow.
  public static let yellow = Color(red: 1, green: 0.9, blue: 0)
  /// Orange.
  public static let orange = Color(red: 1, green: 0.55, blue: 0)
  /// Fully transparent.
  public static let clear = Color(white: 0, alpha: 0)
}
#endif
