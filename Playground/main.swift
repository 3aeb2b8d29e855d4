// A first look at the Cassowary solver: a row of two views in a 320-pt container.
// Later pages (views, anchors, cells) build on this engine.
import Cassowary

let containerWidth = Variable("container.width")
let avatarLeft = Variable("avatar.left"), avatarWidth = Variable("avatar.width")
let nameLeft = Variable("name.left"), nameWidth = Variable("name.width")

var solver = Solver()
try solver.addEditVariable(containerWidth, strength: .strong)
try solver.suggestValue(containerWidth, 320)
try solver.add([
    avatarLeft == 16,
    avatarWidth == 40,
    nameLeft == avatarLeft + avatarWidth + 8,
    nameLeft + nameWidth <= containerWidth - 16,
    (nameWidth == 400).withStrength(.weak),
])
print("container 320: avatar x=\(solver[avatarLeft]) w=\(solver[avatarWidth]); name x=\(solver[nameLeft]) w=\(solver[nameWidth])")

try solver.suggestValue(containerWidth, 200)
print("container 200: name w=\(solver[nameWidth])")

do {
    try solver.add(avatarWidth == 50)
} catch {
    print("rejected: \(error)")
}
