"""The plugin's tasks as `gradle tasks` shows them, and without the java plugin, on Debian's Gradle 4.4.1."""

TASKS = ("listCoupledMethods", "listMutants", "generateMetamorphicTests", "checkMetamorphicTests")


def test_every_task_is_listed_in_the_mr_coupler_group_with_a_description(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "tasks", "--all")

    assert build.succeeded, build
    group = build.output.split("Mr-coupler tasks", 1)[1].split("\n\n", 1)[0]
    for task in TASKS:
        assert f"\n{task} - " in group, build


def test_without_the_java_plugin_the_executing_tasks_say_to_apply_it(copy_project, gradle):
    project = copy_project("gradle-without-java-plugin")

    build = gradle(project, "listMutants", "-Pmrcoupler.targets=com.acme.shapes.Rectangle#scale")

    assert not build.succeeded, build
    assert "has no 'main' source set. Apply the java plugin: apply plugin: 'java'." in build.output, build
