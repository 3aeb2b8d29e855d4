import Testing
@testable import AutoLayout

@Suite struct IndexPathTests {
    @Test func itemAndRowAreOneIndex() {
        var path = IndexPath(item: 3, section: 1)
        #expect(path.item == 3 && path.row == 3 && path.section == 1)
        #expect(IndexPath(row: 3, section: 1) == path)
        path.row = 5
        #expect(path.item == 5)
        let literal: IndexPath = [2, 7]
        #expect(literal.section == 2 && literal.item == 7)
    }

    @Test func pathsOrderBySectionThenItem() {
        let paths = [IndexPath(item: 2, section: 1), IndexPath(item: 9, section: 0), IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 0)]
        #expect(paths.sorted() == [[0, 1], [0, 9], [1, 0], [1, 2]])
        #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
        #expect(!(IndexPath(item: 1, section: 1) < IndexPath(item: 1, section: 1)))
        #expect(Set(paths + paths).count == 4)
    }

    @Test func pathsPrintAsFoundationsDo() {
        #expect(IndexPath(item: 1, section: 0).description == "[0, 1]")
        #expect("\(IndexPath(row: 12, section: 3))" == "[3, 12]")
    }
}
