use super::*;

#[test]
fn installs_and_removals_convert_as_npm_to_yarn_does() {
    let cases = [
        ("npm install", "yarn install", "pnpm install", "bun install"),
        (
            "npm install @docusaurus/core",
            "yarn add @docusaurus/core",
            "pnpm add @docusaurus/core",
            "bun add @docusaurus/core",
        ),
        (
            "npm i -D typescript",
            "yarn add --dev typescript",
            "pnpm add -D typescript",
            "bun add --dev typescript",
        ),
        (
            "npm install --save react",
            "yarn add react",
            "pnpm add react",
            "bun add react",
        ),
        (
            "npm install -g serve",
            "yarn global add serve",
            "pnpm add -g serve",
            "bun add --global serve",
        ),
        (
            "npm uninstall lodash",
            "yarn remove lodash",
            "pnpm remove lodash",
            "bun remove lodash",
        ),
        (
            "npm run build",
            "yarn build",
            "pnpm run build",
            "bun run build",
        ),
        (
            "npm run test",
            "yarn run test",
            "pnpm run test",
            "bun run test",
        ),
        ("npm test", "yarn test", "pnpm test", "bun run test"),
        (
            "npm init docusaurus",
            "yarn create docusaurus",
            "pnpm create docusaurus",
            "bunx create-docusaurus",
        ),
        (
            "npx docusaurus start",
            "yarn dlx docusaurus start",
            "pnpm dlx docusaurus start",
            "bun x docusaurus start",
        ),
    ];
    for (npm, yarn, pnpm, bun) in cases {
        assert_eq!(convert(npm, "yarn"), yarn, "{npm}");
        assert_eq!(convert(npm, "pnpm"), pnpm, "{npm}");
        assert_eq!(convert(npm, "bun"), bun, "{npm}");
    }
}

#[test]
fn each_command_of_a_block_is_converted_and_the_rest_kept() {
    assert_eq!(
        convert(
            "cd site && npm install\nnpm run start -- --port 3001\n",
            "yarn"
        ),
        "cd site && yarn install\nyarn run start --port 3001\n"
    );
    assert_eq!(
        convert("npm doctor", "yarn"),
        "yarn doctor\n# couldn't auto-convert command"
    );
    assert_eq!(
        convert("npm doctor", "pnpm"),
        "npm doctor\n# couldn't auto-convert command"
    );
    let tabs = tabs("npm i x", &["yarn".into(), "pnpm".into()]);
    assert_eq!(
        tabs.iter().map(|t| t.0.as_str()).collect::<Vec<_>>(),
        ["npm", "yarn", "pnpm"]
    );
    assert_eq!((label("yarn"), label("npm")), ("Yarn", "npm"));
}
