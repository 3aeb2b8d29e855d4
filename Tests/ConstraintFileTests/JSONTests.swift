import Testing
@testable import ConstraintFile

@Suite struct JSONTests {
    @Test func rendersDeterministically() {
        let value = JSON.object([("b", .number(1)), ("a", .array([.number(0.5), .null, .bool(true)])),
                                 ("s", .string("tab\t\"q\" \u{1}é"))])
        #expect(value.rendered() == #"{"b":1,"a":[0.5,null,true],"s":"tab\t\"q\" \u0001é"}"#)
    }

    @Test func sourceErrorsPointAtTheColumn() {
        let error = SourceError(path: "a.layout", line: 3, column: 5, message: "expected '=='", sourceLine: "a.b != c")
        #expect(error.description == "a.layout:3:5: error: expected '=='\na.b != c\n    ^")
        #expect(SourceError(path: "x", message: "is empty").description == "x: error: is empty")
    }
}
