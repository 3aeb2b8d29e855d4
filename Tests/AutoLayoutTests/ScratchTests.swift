import Testing
@testable import AutoLayout

@Suite struct Scratch {
    @Test func fitting999() {
        let cell = View(frame: Rect(x: 0, y: 0, width: 374, height: 44))
        let contentView = View(frame: Rect(x: 0, y: 0, width: 374, height: 44))
        cell.addSubview(contentView)
        let container = View()
        container.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(container)
        let label = Label(text: "Lorem ipsum dolor sit amet, consectetur")
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        LayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: contentView.topAnchor),
            container.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            container.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            container.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            label.topAnchor.constraint(equalTo: container.topAnchor, constant: 12),
            label.bottomAnchor.constraint(equalTo: container.safeAreaLayoutGuide.bottomAnchor, constant: -12),
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
        ])
        let h = label.heightAnchor.constraint(equalToConstant: 126)
        h.priority = LayoutPriority(999)
        h.isActive = true
        cell.layoutIfNeeded()
        print(cell.layoutEngine.conflicts.count, label.frame)
        print(contentView.systemLayoutSizeFitting(Size(width: 374, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel))
    }
    @Test func userCell() {
        let contentView = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let avatar = View(), dot = View(), name = Label(text: "Jane Appleseed")
        for v in [avatar, dot, name] { v.translatesAutoresizingMaskIntoConstraints = false; contentView.addSubview(v) }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            avatar.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32), avatar.heightAnchor.constraint(equalToConstant: 32),
            dot.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            dot.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            dot.widthAnchor.constraint(equalToConstant: 8), dot.heightAnchor.constraint(equalToConstant: 8),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            name.trailingAnchor.constraint(equalTo: dot.leadingAnchor, constant: -8),
            name.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            contentView.heightAnchor.constraint(greaterThanOrEqualToConstant: 48),
        ])
        let size = contentView.systemLayoutSizeFitting(Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        print(size)
        contentView.frame.size = size
        contentView.layoutIfNeeded()
        print(avatar.frame, dot.frame, name.frame, contentView.layoutEngine.conflicts.count)
    }
}
