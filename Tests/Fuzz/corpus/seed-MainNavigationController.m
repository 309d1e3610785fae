#import "MainNavigationController.h"

@implementation MainNavigationController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationBar.tintColor = [UIColor systemBlueColor];
}

@end
