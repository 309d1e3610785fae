#import "MainTabBarController.h"
#import "AppDelegate.h"

@implementation MainTabBarController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self addChildViewController:[HomeViewController new] title:@"Home" image:@"house"];
    [self addChildViewController:[SettingsViewController new] title:@"Settings" image:@"gear"];
}

// Not UIKit's addChildViewController: — each tab wrapped in a navigation controller.
- (void)addChildViewController:(UIViewController *)childController title:(NSString *)title image:(NSString *)image {
    childController.title = title;
    UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:childController];
    [self addChildViewController:nav];
}

- (BOOL)shouldAutorotate {
    return [self.selectedViewController shouldAutorotate];
}

- (UIInterfaceOrientationMask)supportedInterfaceOrientations {
    return [self.selectedViewController supportedInterfaceOrientations];
}

@end

@implementation HomeViewController

- (void)openPlayer {
    PlayerViewController *player = [[PlayerViewController alloc] init];
    [self.navigationController pushViewController:player animated:YES];
}

@end

@implementation SettingsViewController
@end

@implementation PlayerViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self rotateTo:UIInterfaceOrientationLandscapeRight];
}

- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    if (self.isMovingFromParentViewController) {
        AppDelegate *app = (AppDelegate *)[UIApplication sharedApplication].delegate;
        app.mask = UIInterfaceOrientationMaskPortrait;
        [[UIDevice currentDevice] setValue:@(UIInterfaceOrientationPortrait) forKey:@"orientation"];
    }
}

- (void)rotateTo:(UIInterfaceOrientation)orientation {
    AppDelegate *app = (AppDelegate *)[UIApplication sharedApplication].delegate;
    app.mask = UIInterfaceOrientationMaskLandscape;
    if ([[UIDevice currentDevice] respondsToSelector:@selector(setOrientation:)]) {
        SEL selector = NSSelectorFromString(@"setOrientation:");
        NSInvocation *invocation = [NSInvocation invocationWithMethodSignature:[UIDevice instanceMethodSignatureForSelector:selector]];
        [invocation setSelector:selector];
        [invocation setTarget:[UIDevice currentDevice]];
        int val = orientation;
        [invocation setArgument:&val atIndex:2];
        [invocation invoke];
    }
}

@end
