/// A cell's text, evaluated (rules 1, 2 and 4 of ``CellsModel``): its value and the cells it reads.
///
/// A formula is evaluated as it is read, once, by a recursive-descent parser whose every rule returns the numbers
/// of what it read: one number, or a range's. A malformed formula stops the reading ("#PARSE", "#REF", "#NAME");
/// an error in a value (text where a number is needed, a range as an operand, a division by zero, an error read
/// from a cell) does not: the reading goes on with 0 and the first such error is the value, so every cell the
/// formula names is read and known. At most 256 operands, so the recursion is bounded.
struct Formula {
  /// The functions a formula can call, by name; `nil` is "#VALUE" (no arguments to average).
  static let functions: [String: @Sendable ([Double]) -> Double?] = [
    "SUM": { $0.reduce(0, +) }, "PROD": { $0.reduce(1, *) }, "COUNT": { Double($0.count) },
    "AVG": { $0.isEmpty ? nil : $0.reduce(0, +) / Double($0.count) }, "MIN": { $0.min() }, "MAX": { $0.max() },
  ]
  /// The value the cell shows.
  private(set) var value = CellValue.empty
  /// The cells the formula reads; none when it is malformed.
  private(set) var references: Set<CellAddress> = []
  /// The text not read yet.
  private var rest: Substring
  /// The value of a cell the formula names.
  private let cellValue: (CellAddress) -> CellValue
  private var operandsLeft = 256
  private var firstError: CellValue?

  /// Reads a cell's `text`: empty, a number, text, or a formula after "=" that reads other cells' values with
  /// `cellValue`.
  ///
  /// ```swift
  /// print(Formula("=A0*2", reading: { _ in .number(4) }).value)   // prints "8"
  /// ```
  init(_ text: String, reading cellValue: @escaping (CellAddress) -> CellValue) {
    (rest, self.cellValue) = (text.dropFirst(), cellValue)
    guard text.first == "=" else {
      value = text.isEmpty ? .empty : Double(text).map(CellValue.number) ?? .text(text)
      return
    }
    do throws(CellValue) {
      let result = number(try expression())
      guard rest.allSatisfy(\.isWhitespace) else { throw .error("#PARSE") }
      value = firstError ?? .number(result)
    } catch {
      (value, references) = (error, [])
    }
  }

  /// Reads `symbol`, after any spaces, if it comes next.
  private mutating func take(_ symbol: Character) -> Bool {
    rest = rest.drop(while: \.isWhitespace)
    guard rest.first == symbol else { return false }
    rest.removeFirst()
    return true
  }

  /// Reads, after any spaces, the characters for which `isPart` holds; upper-cased.
  private mutating func word(_ isPart: (Character) -> Bool) -> String {
    rest = rest.drop(while: \.isWhitespace)
    let word = rest.prefix(while: isPart)
    rest.removeFirst(word.count)
    return word.uppercased()
  }

  /// A sum of terms (`level` 0) or a product of factors (`level` 1), left to right.
  private mutating func expression(level: Int = 0) throws(CellValue) -> [Double] {
    guard level < 2 else { return try factor() }
    var result = try expression(level: level + 1)
    while let operation = (level == 0 ? "+-" : "*/").first(where: { take($0) }) {
      let (x, y) = (number(result), number(try expression(level: level + 1)))
      switch operation {
      case "+": result = [x + y]
      case "-": result = [x - y]
      case "*": result = [x * y]
      default: result = [y == 0 ? fail("#DIV/0") : x / y]
      }
    }
    return result
  }

  /// A negated factor, an expression in parentheses, a number, a call, a cell or a range.
  private mutating func factor() throws(CellValue) -> [Double] {
    guard operandsLeft > 0 else { throw .error("#PARSE") }
    operandsLeft -= 1
    if take("-") { return [-number(try factor())] }
    if take("(") {
      let inner = try expression()
      guard take(")") else { throw .error("#PARSE") }
      return inner
    }
    let digits = word { $0.isNumber || $0 == "." }
    if let number = Double(digits) { return [number] }
    guard digits.isEmpty else { throw .error("#PARSE") }
    let name = word { $0.isLetter || $0.isNumber }
    if take("(") {
      var arguments: [Double] = []
      if !take(")") {
        repeat { arguments += try expression() } while take(",")
        guard take(")") else { throw .error("#PARSE") }
      }
      guard let function = Self.functions[name] else { throw .error("#NAME") }
      return [function(arguments) ?? fail("#VALUE")]
    }
    guard let from = CellAddress(name) else { throw .error(name.isEmpty ? "#PARSE" : "#REF") }
    guard take(":") else { return [read(from)] }
    guard let to = CellAddress(word { $0.isLetter || $0.isNumber }) else { throw .error("#PARSE") }
    let rows = min(from.row, to.row)...max(from.row, to.row)
    let columns = min(from.column, to.column)...max(from.column, to.column)
    return rows.flatMap { row in columns.map { read(CellAddress(column: $0, row: row)!) } }
  }

  /// The number in `cell`: an empty cell is 0; text or an error is none.
  private mutating func read(_ cell: CellAddress) -> Double {
    references.insert(cell)
    switch cellValue(cell) {
    case .empty: return 0
    case .number(let value): return value
    case .text: return fail("#VALUE")
    case .error(let code): return fail(code)
    }
  }

  /// The one number of an operand; a range is none.
  private mutating func number(_ numbers: [Double]) -> Double { numbers.count == 1 ? numbers[0] : fail("#VALUE") }

  /// Keeps `code` as the formula's value unless an error came first; the reading goes on with 0.
  private mutating func fail(_ code: String) -> Double {
    firstError = firstError ?? .error(code)
    return 0
  }
}
